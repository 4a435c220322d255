/** Joins the class names that apply: `cx(styles.button, loading && styles.loading)`. */
export function cx(...names: (string | false | null | undefined)[]): string {
  return names.filter(Boolean).join(" ");
}
