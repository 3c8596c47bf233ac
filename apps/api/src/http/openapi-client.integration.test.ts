import fs from "node:fs";
import path from "node:path";
import openapiTS, { astToString } from "openapi-typescript";
import ts from "typescript";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTemporaryDirectory } from "../../test/temporary-directories.ts";
import { getTestServer, type TestServer } from "../../test/test-server.ts";

const CONTRACT_SOURCE = path.resolve(import.meta.dirname, "../../../../packages/contract/src");
const USAGE = path.resolve(import.meta.dirname, "../../test/openapi-client/web-usage.ts.txt");

let server: TestServer;

beforeAll(async () => {
  server = await getTestServer();
});

afterAll(async () => {
  await server.close();
});

/** Type-checks `source` beside a client generated from the served description; the compiler's messages. */
async function typeCheckAgainstGeneratedClient(source: string): Promise<string[]> {
  const description = (await server.request("/api/openapi.json")).body;
  const directory = createTemporaryDirectory("threadfolk-openapi-client-");
  fs.writeFileSync(path.join(directory, "generated.ts"), astToString(await openapiTS(description)));
  const usage = path.join(directory, "usage.ts");
  fs.writeFileSync(usage, source);
  const program = ts.createProgram([usage], {
    target: ts.ScriptTarget.ES2022,
    lib: ["lib.es2023.d.ts"],
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    strict: true,
    noEmit: true,
    skipLibCheck: true,
    allowImportingTsExtensions: true,
    baseUrl: directory,
    paths: { "@contract/*": [`${CONTRACT_SOURCE}/*`] },
    typeRoots: [],
    types: [],
  });
  return ts
    .getPreEmitDiagnostics(program)
    .map((diagnostic) => ts.flattenDiagnosticMessageText(diagnostic.messageText, "\n"));
}

describe("a client generated from the description (openapi-typescript)", () => {
  it("type-checks against the web app's use of the cart, add-to-cart and order calls", async () => {
    expect(await typeCheckAgainstGeneratedClient(fs.readFileSync(USAGE, "utf8"))).toEqual([]);
  }, 180_000);

  it("fails when the web would read a field the description does not have", async () => {
    const drifted = fs
      .readFileSync(USAGE, "utf8")
      .replace('import type { PlacedOrderResponse } from "@contract/orders.ts";', "")
      .replace("PlacedOrderResponse", "{ data: { attributes: { notInTheDescription: string } } }");
    expect(await typeCheckAgainstGeneratedClient(drifted)).toEqual([expect.stringContaining("notInTheDescription")]);
  }, 180_000);
});
