import { describe, expect, it } from "vitest";
import { camelToSnake, snakeToCamel, toCamelKeys, toSnakeKeys } from "./case.ts";
import { colorDisplayName, DARK_COLORS, LIGHT_COLORS, PRODUCT_COLORS, resolveColor } from "./colors.ts";
import { formatCents } from "./money.ts";
import { printableColors, shownDesignColor } from "./page-images.ts";
import { clientRouteOf, guestOrderPath, isClientRoute, orderPath, searchResultsPath } from "./routes.ts";
import { SIZES } from "./sizes.ts";
import { STATE_ABBREVIATIONS } from "./states.ts";
import { MESSAGES, shippingFormSchema, signUpSchema } from "./validation.ts";

describe("constants", () => {
  it("has the 55 state abbreviations: 50 states, DC, PR and the Armed Forces' AA, AE, AP", () => {
    expect(STATE_ABBREVIATIONS).toHaveLength(55);
    expect(new Set(STATE_ABBREVIATIONS).size).toBe(55);
    expect(STATE_ABBREVIATIONS).toEqual(expect.arrayContaining(["AA", "AE", "AP"]));
    expect(STATE_ABBREVIATIONS).toContain("DC");
    expect(STATE_ABBREVIATIONS).toContain("PR");
  });

  it("splits the 19 colours into 10 dark and 9 light ones", () => {
    expect(PRODUCT_COLORS).toHaveLength(19);
    expect(DARK_COLORS).toHaveLength(10);
    expect(LIGHT_COLORS).toHaveLength(9);
    expect(new Set([...DARK_COLORS, ...LIGHT_COLORS]).size).toBe(19);
  });

  it("title-cases colour names and resolves aliases and camelCase keys", () => {
    expect(colorDisplayName("royal_blue")).toBe("Royal Blue");
    expect(colorDisplayName("heather")).toBe("Black");
    expect(resolveColor("softPink")).toBe("soft_pink");
    expect(resolveColor("berry")).toBe("black");
    expect(resolveColor("plaid")).toBeUndefined();
  });

  it("orders sizes XS to 5XL", () => {
    expect(SIZES).toEqual(["XS", "S", "M", "L", "XL", "2XL", "3XL", "4XL", "5XL"]);
  });
});

describe("case conversion", () => {
  it("round-trips keys deeply, leaving values alone", () => {
    const wire = {
      favorite_design_uuids: ["a_b"],
      data: [{ blk_history25: { display_name: "x" } }],
      shipping_address1: 1,
    };
    const camel = toCamelKeys<Record<string, unknown>>(wire);
    expect(camel).toEqual({
      favoriteDesignUuids: ["a_b"],
      data: [{ blkHistory25: { displayName: "x" } }],
      shippingAddress1: 1,
    });
    expect(toSnakeKeys(camel)).toEqual(wire);
    expect(snakeToCamel("soft_pink")).toBe("softPink");
    // Parsed query strings often have a null prototype; they are records all the same.
    const query = Object.assign(Object.create(null), { location_code: "front_page" });
    expect(toCamelKeys(query)).toEqual({ locationCode: "front_page" });
    expect(toCamelKeys({ at: new Date(0) })).toEqual({ at: new Date(0) });
    expect(camelToSnake("softPink")).toBe("soft_pink");
  });
});

describe("money and routes", () => {
  it("formats cents as dollars", () => {
    expect(formatCents(1250)).toBe("$12.50");
    expect(formatCents(0)).toBe("$0.00");
    expect(formatCents(123456)).toBe("$1,234.56");
  });

  it("builds results URLs with the query as typed", () => {
    expect(searchResultsPath(" cat & dog ")).toBe("/results?query=%20cat%20%26%20dog%20&page=1");
    expect(searchResultsPath("")).toBe("/results?query=&page=1");
  });

  it("knows the client routes", () => {
    expect(isClientRoute("/")).toBe(true);
    expect(isClientRoute("/design/abc/slug/black")).toBe(true);
    expect(isClientRoute("/my-profile/favorites")).toBe(true);
    expect(isClientRoute("/faq")).toBe(true);
    expect(isClientRoute("/nope")).toBe(false);
    expect(isClientRoute("/design/abc")).toBe(false);
  });

  it("names the route of a pathname", () => {
    expect(clientRouteOf("/")).toBe("home");
    expect(clientRouteOf("/results")).toBe("results");
    expect(clientRouteOf("/design/abc/slug/black/")).toBe("design");
    expect(clientRouteOf("/artist/ada/00000000-0000-4000-8000-000000000000")).toBe("artist");
    expect(clientRouteOf("/faq")).toBeUndefined();
    expect(clientRouteOf("/nope")).toBeUndefined();
  });

  it("names the order pages and builds their links", () => {
    expect(clientRouteOf("/my-profile/orders")).toBe("orders");
    expect(clientRouteOf(orderPath("TF-7KQ2M9XA"))).toBe("order");
    const link = guestOrderPath("TF-7KQ2M9XA", "a b/c+d");
    expect(link).toBe("/orders/TF-7KQ2M9XA?token=a%20b%2Fc%2Bd");
    expect(clientRouteOf(link.slice(0, link.indexOf("?")))).toBe("guestOrder");
  });
});

describe("the design page's first image", () => {
  it("lists a style's printable colours in display order", () => {
    expect(printableColors(["navy", "softPink", "black", "not-a-colour", "white"])).toEqual([
      "white",
      "black",
      "soft_pink",
      "navy",
    ]);
  });

  it("shows the URL's colour when the style has it, else the default colour, else the style's first", () => {
    const colors = printableColors(["white", "black", "navy"]);
    expect(shownDesignColor({ requested: "navy", defaultColor: "black", colors })).toBe("navy");
    expect(shownDesignColor({ requested: "red", defaultColor: "black", colors })).toBe("black");
    expect(shownDesignColor({ requested: "nonsense", defaultColor: "red", colors })).toBe("white");
    expect(shownDesignColor({ requested: "navy", defaultColor: "red", colors: [] })).toBe("red");
  });
});

describe("validation", () => {
  const validSignUp = {
    email: "ada@example.com",
    password: "correct-horse",
    confirmPassword: "correct-horse",
    firstName: "Ada",
    lastName: "Lovelace",
    username: "ada_l",
  };

  it("accepts a valid sign-up and reports each rule with the spec's messages", () => {
    expect(signUpSchema.safeParse(validSignUp).success).toBe(true);
    const result = signUpSchema.safeParse({
      ...validSignUp,
      email: "",
      firstName: "",
      lastName: " ",
      password: "short",
      confirmPassword: "other",
      username: "abc",
    });
    expect(result.success).toBe(false);
    const messages = Object.fromEntries(
      result.error?.issues.map((issue) => [issue.path.join("."), issue.message]) ?? [],
    );
    expect(messages.email).toBe(MESSAGES.emailRequired);
    expect(messages.firstName).toBe("First Name is required");
    expect(messages.lastName).toBe("Last Name is required");
    expect(messages.password).toBe(MESSAGES.passwordLength);
    expect(messages.username).toBe(MESSAGES.usernameLength);
  });

  it("rejects unknown fields and mismatched passwords", () => {
    expect(signUpSchema.safeParse({ ...validSignUp, admin: true }).success).toBe(false);
    const mismatch = signUpSchema.safeParse({ ...validSignUp, confirmPassword: "different-1" });
    expect(mismatch.error?.issues[0]?.path).toEqual(["confirmPassword"]);
  });

  it("requires billing fields only when billing differs from shipping", () => {
    const shipping = {
      shippingFirstName: "Ada",
      shippingLastName: "Lovelace",
      shippingAddress1: "1 Main St",
      shippingCity: "Springfield",
      shippingState: "IL",
      shippingZip: "62701-1234",
      email: "ada@example.com",
      billingSameAsShipping: true,
    };
    expect(shippingFormSchema.safeParse(shipping).success).toBe(true);
    const separate = shippingFormSchema.safeParse({ ...shipping, billingSameAsShipping: false });
    expect(separate.error?.issues.map((issue) => issue.path[0])).toContain("billingZip");
    const badZip = shippingFormSchema.safeParse({ ...shipping, shippingZip: "1234" });
    expect(badZip.error?.issues[0]?.message).toBe("Must be 5 or 9 digits 00000-1111");
  });
});
