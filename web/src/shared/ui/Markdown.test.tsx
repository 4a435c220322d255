import { render } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { Markdown } from "./Markdown.tsx";

describe("Markdown (lesson text)", () => {
  it("renders GitHub-flavoured Markdown: headings, code blocks, tables, task lists", () => {
    const { container } = render(
      <Markdown text={"# Title\n\n```ts\nconst a = 1;\n```\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\n- [x] done\n\n~~gone~~"} />,
    );
    const html = container.innerHTML;
    expect(html).toContain("<h1>Title</h1>");
    expect(html).toContain('<code class="language-ts">const a = 1;');
    expect(html).toContain("<table>");
    expect(html).toContain("<del>gone</del>");
  });

  it("renders a hostile body inert: no script, no event handler, no javascript: link, no frame, no style", () => {
    const hostile = [
      "<script>window.hacked = 1</script>",
      '<img src="x" onerror="window.hacked = 2">',
      "[click](javascript:window.hacked=3)",
      '<a href="javascript:window.hacked=4">raw link</a>',
      '<iframe src="https://evil.example"></iframe>',
      '<svg onload="window.hacked=5"><circle /></svg>',
      "![pic](javascript:window.hacked=6)",
      '<p style="position:fixed;inset:0">cover</p>',
      '<form action="https://evil.example"><button>Go</button></form>',
    ].join("\n\n");
    const { container } = render(<Markdown text={hostile} />);
    expect(container.querySelector("script, iframe, form, button, style, svg")).toBeNull();
    for (const element of container.querySelectorAll("*")) {
      for (const attribute of element.attributes) {
        expect(attribute.name.startsWith("on"), attribute.name).toBe(false);
        expect(attribute.name).not.toBe("style");
        expect(attribute.value.toLowerCase()).not.toContain("javascript:");
      }
    }
    expect((window as { hacked?: number }).hacked).toBeUndefined();
    // The harmless parts stay.
    expect(container.textContent).toContain("click");
  });

  it("links open in a new tab without access to the page", () => {
    const { container } = render(<Markdown text="[docs](https://example.com/docs)" />);
    const link = container.querySelector("a");
    expect(link?.getAttribute("href")).toBe("https://example.com/docs");
    expect(link?.getAttribute("rel")).toBe("noopener noreferrer");
  });

  it("shows images only from this site's /uploads/, lazily; any other image becomes a link named by its alt text", () => {
    const site = "/uploads/0123456789abcdef0123456789abcdef.png";
    const { container } = render(
      <Markdown
        text={[
          `![A diagram](${site})`,
          "![Tracking pixel](https://evil.example/pixel.png)",
          "![](http://127.0.0.1/uploads/0123456789abcdef0123456789abcdef.png)",
          "![Escape](/uploads/../api/me.png)",
          "![Data](data:image/png;base64,AAAA)",
        ].join("\n\n")}
      />,
    );
    const images = container.querySelectorAll("img");
    expect(images).toHaveLength(1);
    expect(images[0]?.getAttribute("src")).toBe(site);
    expect(images[0]?.getAttribute("alt")).toBe("A diagram");
    expect(images[0]?.getAttribute("loading")).toBe("lazy");
    const links = [...container.querySelectorAll("a")].map((a) => [a.textContent, a.getAttribute("href")]);
    expect(links).toEqual([
      ["Tracking pixel", "https://evil.example/pixel.png"],
      ["http://127.0.0.1/uploads/0123456789abcdef0123456789abcdef.png", "http://127.0.0.1/uploads/0123456789abcdef0123456789abcdef.png"],
      ["Escape", "/uploads/../api/me.png"],
    ]);
  });
});
