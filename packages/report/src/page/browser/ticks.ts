// The page's axis labels are the PNG's and the SVG's: one function, in @evidence/plots.
export { shortNumber, tickLabels } from '@evidence/plots/tick-labels';
