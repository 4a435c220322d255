import ReactMarkdown, { defaultUrlTransform } from "react-markdown";
import remarkGfm from "remark-gfm";
import { cx } from "./cx.ts";
import styles from "./Markdown.module.css";

/**
 * A lesson's Markdown (GitHub-flavoured) as React elements, safely: react-markdown builds elements from the syntax
 * tree and never sets HTML, so raw HTML in the text (a `<script>`, an `onerror` attribute) stays text; link and image
 * addresses keep only http(s), mailto and relative ones (`javascript:` is dropped). Loaded only by the routes that show
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
        }}
      >
        {text}
      </ReactMarkdown>
    </div>
  );
}
