import { Link } from "react-router";
import { StaticPage } from "../../components/static-page.tsx";
import { formatMeasurement, inchesToCentimetres, SIZE_CHARTS, type SizeChart } from "./size-chart-data.ts";

function SizeTable({ chart }: { chart: SizeChart }) {
  const cell = "px-3 py-2.5 text-right tabular-nums md:px-4";
  return (
    <div className="mt-6 overflow-x-auto rounded-2xl border border-neutral-200">
      <table className="w-full min-w-[20rem] border-collapse text-[15px]">
        <caption className="sr-only">
          {chart.name}: chest width and body length for each size, in inches and centimetres
        </caption>
        <thead className="bg-neutral-50 text-neutral-950">
          <tr className="text-xs tracking-wide uppercase">
            <th scope="col" rowSpan={2} className="px-3 py-2 text-left align-bottom md:px-4">
              Size
            </th>
            <th scope="colgroup" colSpan={2} className="border-l border-neutral-200 px-3 pt-3 pb-1 text-center md:px-4">
              Chest width
            </th>
            <th scope="colgroup" colSpan={2} className="border-l border-neutral-200 px-3 pt-3 pb-1 text-center md:px-4">
              Body length
            </th>
          </tr>
          <tr className="text-xs text-neutral-500">
            <th scope="col" className={`${cell} border-l border-neutral-200 font-medium`}>
              in
            </th>
            <th scope="col" className={`${cell} font-medium`}>
              cm
            </th>
            <th scope="col" className={`${cell} border-l border-neutral-200 font-medium`}>
              in
            </th>
            <th scope="col" className={`${cell} font-medium`}>
              cm
            </th>
          </tr>
        </thead>
        <tbody className="text-neutral-800">
          {chart.measurements.map((row) => (
            <tr key={row.size} className="border-t border-neutral-200 even:bg-neutral-50/60">
              <th scope="row" className="px-3 py-2.5 text-left font-bold text-neutral-950 md:px-4">
                {row.size}
              </th>
              <td className={`${cell} border-l border-neutral-200`}>{formatMeasurement(row.chestInches)}</td>
              <td className={cell}>{formatMeasurement(inchesToCentimetres(row.chestInches))}</td>
              <td className={`${cell} border-l border-neutral-200`}>{formatMeasurement(row.lengthInches)}</td>
              <td className={cell}>{formatMeasurement(inchesToCentimetres(row.lengthInches))}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Size charts of every garment style, in inches and centimetres. */
export default function SizeChartsPage() {
  return (
    <StaticPage
      eyebrow="Fit guide"
      title="Size Charts"
      intro={
        <p>
          Find your size before you order: every piece is printed just for you. Measurements are of the garment laid
          flat, in inches and centimetres, and may vary by about half an inch (1 cm).
        </p>
      }
      sections={[
        {
          id: "how-to-measure",
          title: "How to measure",
          content: (
            <>
              <p>The easiest way is to measure a tee you already own and like the fit of:</p>
              <ol>
                <li>Lay it flat on a table and smooth out the wrinkles.</li>
                <li>
                  <strong>Chest width</strong>: measure straight across the front, from side seam to side seam, 1 inch
                  (2.5 cm) below the armholes.
                </li>
                <li>
                  <strong>Body length</strong>: measure from the highest point of the shoulder, next to the collar, down
                  to the bottom hem.
                </li>
                <li>Compare with the tables below and pick the closest size.</li>
              </ol>
              <p>
                Chest width is half the shirt's circumference: a 20 inch width fits a body chest of about 36 to 38
                inches with room to move.
              </p>
            </>
          ),
        },
        ...SIZE_CHARTS.map((chart) => ({
          id: chart.id,
          title: chart.name,
          content: (
            <>
              <p>{chart.fit}</p>
              <SizeTable chart={chart} />
            </>
          ),
        })),
        {
          id: "between-sizes",
          title: "Between two sizes?",
          content: (
            <p>
              Take the larger size for a relaxed fit or if you plan to tumble dry: cotton can shrink slightly in a hot
              dryer. Wash inside out in cold water to keep prints bright. Still unsure? Our <Link to="/faq">FAQ</Link>{" "}
              covers fit, and our <Link to="/refund-policy">refund policy</Link> explains what happens if a size is
              wrong.
            </p>
          ),
        },
      ]}
    />
  );
}
