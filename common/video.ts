/**
 * Video links a lesson may hold, and their privacy-friendly embeds: YouTube through youtube-nocookie.com, Vimeo through
 * player.vimeo.com with dnt=1. The server refuses any other link; the web app embeds only what this returns.
 */

const YOUTUBE_EMBED_ORIGIN = "https://www.youtube-nocookie.com";
const VIMEO_EMBED_ORIGIN = "https://player.vimeo.com";
/** The origins lesson embeds load from: the only frames the pages' Content-Security-Policy allows. */
export const VIDEO_EMBED_ORIGINS = [YOUTUBE_EMBED_ORIGIN, VIMEO_EMBED_ORIGIN] as const;
export interface VideoLink {
  provider: "youtube" | "vimeo";
  id: string;
  /** The link as stored. */
  url: string;
  /** The embed's address (an iframe's src). */
  embedUrl: string;
}

const YOUTUBE_ID = /^[A-Za-z0-9_-]{11}$/;
const VIMEO_ID = /^[0-9]{1,12}$/;

function youtube(id: string | null | undefined): VideoLink | null {
  if (!id || !YOUTUBE_ID.test(id)) return null;
  return {
    provider: "youtube",
    id,
    url: `https://www.youtube.com/watch?v=${id}`,
    embedUrl: `${YOUTUBE_EMBED_ORIGIN}/embed/${id}?rel=0`,
  };
}

function vimeo(id: string | null | undefined): VideoLink | null {
  if (!id || !VIMEO_ID.test(id)) return null;
  return { provider: "vimeo", id, url: `https://vimeo.com/${id}`, embedUrl: `${VIMEO_EMBED_ORIGIN}/video/${id}?dnt=1` };
}

/** A YouTube or Vimeo link (https, the usual forms), or null for anything else. */
export function parseVideoLink(text: string | null | undefined): VideoLink | null {
  if (!text) return null;
  let url: URL;
  try {
    url = new URL(text.trim());
  } catch {
    return null;
  }
  if (url.protocol !== "https:" || url.username || url.password || url.port) return null;
  const host = url.hostname
    .toLowerCase()
    .replace(/^www\./, "")
    .replace(/^m\./, "");
  const parts = url.pathname.split("/").filter(Boolean);
  switch (host) {
    case "youtube.com":
    case "youtube-nocookie.com":
      if (parts[0] === "watch") return youtube(url.searchParams.get("v"));
      if ((parts[0] === "embed" || parts[0] === "shorts" || parts[0] === "live") && parts.length === 2) return youtube(parts[1]);
      return null;
    case "youtu.be":
      return parts.length === 1 ? youtube(parts[0]) : null;
    case "vimeo.com":
      return parts.length === 1 ? vimeo(parts[0]) : null;
    case "player.vimeo.com":
      return parts[0] === "video" && parts.length === 2 ? vimeo(parts[1]) : null;
    default:
      return null;
  }
}
