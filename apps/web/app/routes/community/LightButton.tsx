// Issue 6 (lights): filled in by its owner. The detail page's bottom bar renders it.
export interface LightButtonProps {
  contentId: number;
  isLight: boolean;
  lightCount: number;
}

/** The light (like) toggle with its count; optimistic, agreeing everywhere the content shows. */
export function LightButton(_props: LightButtonProps) {
  return null;
}
