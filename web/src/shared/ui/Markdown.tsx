import ReactMarkdown, { defaultUrlTransform } from "react-markdown";
import remarkGfm from "remark-gfm";
import { cx } from "./cx.ts";
import styles from "./Markdown.module.css";

/** An image this site stores (uploaded like track images, served from /uploads/ under a random name). */
const SITE_IMAGE = /^\/uploads\/[a-f0-9]{32}\.(?:png|jpe?g|webp)$/;

/** Whether a Markdown image shows as an image: only this site's /uploads/ ones (no tracking pixels, no other hosts). */
export const isSiteImage = (src: unknown): src is string => typeof src === "string" && SITE_IMAGE.test(src);

/**
 * A lesson's Markdown (GitHub-flavoured) as React elements, safely: react-markdown builds elements from the syntax
 * tree and never sets HTML, so raw HTML in the text (a `<script>`, an `onerror` attribute) stays text; link and image
 * addresses keep only http(s), mailto and relative ones (`javascript:` is dropped). Images show only from this site's
 * /uploads/ (lazily, never wider than the text); any other image becomes a link to it, named by its alt text. Loaded only by the routes that show
 * lessons (the player and the lesson editor), never by a site's first load.
 */
export function Markdown({ text, className }: { text: string; className?: string }) {
  return (
    <div className={cx(styles.markdown, className)}>
      <ReactMarkdown
        remarkPlugins={[remarkGfm]}
        skipHtml
        urlTransform={defaultUrlTransform}
        components={{
          // Links written in a lesson open in a new tab without giving it a handle on this page.
          a: ({ node: _node, ...props }) => <a {...props} target="_blank" rel="noopener noreferrer" />,
          img: ({ node: _node, src, alt, title }) =>
            isSiteImage(src) ? (
              <img src={src} alt={alt ?? ""} title={title} loading="lazy" decoding="async" className={styles.image} />
            ) : src ? (
              <a href={src} target="_blank" rel="noopener noreferrer">
                {alt || src}
              </a>
            ) : null,
        }}
      >
        {text}
      </ReactMarkdown>
    </div>
  );
}
