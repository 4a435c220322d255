import { describe, expect, it } from "vitest";
import { parseVideoLink } from "../../../../common/video.ts";

/** The video links a lesson accepts (common/video.ts, checked by the server and embedded by the web app). */
describe("parseVideoLink", () => {
  it("accepts the usual YouTube and Vimeo forms and embeds them privately", () => {
    for (const link of [
      "https://www.youtube.com/watch?v=dQw4w9WgXcQ",
      "https://youtube.com/watch?v=dQw4w9WgXcQ&t=42",
      "https://m.youtube.com/watch?v=dQw4w9WgXcQ",
      "https://youtu.be/dQw4w9WgXcQ",
      "https://www.youtube.com/embed/dQw4w9WgXcQ",
      "https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ",
      "https://www.youtube.com/shorts/dQw4w9WgXcQ",
    ]) {
      expect(parseVideoLink(link)?.embedUrl, link).toBe("https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?rel=0");
    }
    for (const link of ["https://vimeo.com/76979871", "https://player.vimeo.com/video/76979871"]) {
      expect(parseVideoLink(link)?.embedUrl, link).toBe("https://player.vimeo.com/video/76979871?dnt=1");
    }
  });

  it("refuses anything else: other hosts, plain http, tricks with credentials, ports or ids", () => {
    for (const link of [
      "javascript:alert(1)",
      "http://www.youtube.com/watch?v=dQw4w9WgXcQ",
      "https://evil.example/watch?v=dQw4w9WgXcQ",
      "https://youtube.com.evil.example/watch?v=dQw4w9WgXcQ",
      "https://user:pass@youtube.com/watch?v=dQw4w9WgXcQ",
      "https://youtube.com:8443/watch?v=dQw4w9WgXcQ",
      "https://www.youtube.com/watch?v=short",
      "https://www.youtube.com/watch?v=dQw4w9WgXcQ%22onload%3D",
      "https://vimeo.com/abc",
      "https://vimeo.com/channels/staffpicks/76979871",
      "not a url",
      "",
    ]) {
      expect(parseVideoLink(link), link).toBeNull();
    }
  });
});
