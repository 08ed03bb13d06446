// Stands in for src/renderer/pages/home/ops/HomeChart.tsx in the bench's build of the console
// without its chart: the page as it is, less the chart and its charting chunk.
export default function NoChart() {
  return null
}
