/** Slider geometry (spec shell §9: 300 px wide, the piece starts at 25 px; release submits the position as a ratio). */
export const SLIDER_WIDTH = 300;
export const SLIDER_START = 25;
/** spec shell §9: the result message shows for 1 s. */
export const RESULT_MS = 1000;

/** The piece's left edge after dragging `dx` pixels from the start, kept inside the puzzle. */
export function pieceLeft(dx: number, pieceSize: number, width = SLIDER_WIDTH): number {
  return Math.min(Math.max(SLIDER_START + dx, 0), width - pieceSize);
}

/** The ratio the server checks: left edge over the puzzle width. */
export function positionRatio(left: number, width = SLIDER_WIDTH): number {
  return Math.min(Math.max(left / width, 0), 1);
}
