import { describe, expect, it } from "vitest";
import { catalogueSearch, catalogueVariables, readCatalogueParams } from "./catalogueParams.ts";

describe("catalogue URL params", () => {
  it("the plain catalogue sends no variables, so every first visit shares one cached answer", () => {
    expect(catalogueVariables(new URLSearchParams())).toEqual({});
    expect(catalogueVariables(new URLSearchParams("sort=newest&q=%20%20"))).toEqual({});
  });

  it("maps the search words and the sort to the API's arguments; an unknown sort is the default", () => {
    expect(catalogueVariables(new URLSearchParams("q=cloud%20ops&sort=price-low"))).toEqual({ search: "cloud ops", sort: "PRICE_LOW" });
    expect(catalogueVariables(new URLSearchParams("sort=rating"))).toEqual({ sort: "RATING" });
    expect(catalogueVariables(new URLSearchParams("sort=DROP%20TABLE"))).toEqual({});
    expect(catalogueVariables(new URLSearchParams("sort=constructor"))).toEqual({});
    expect(readCatalogueParams(new URLSearchParams(`q=${"x".repeat(500)}`)).q).toHaveLength(100);
  });

  it("writes shareable params without the defaults", () => {
    expect(catalogueSearch("  data  ", "newest").toString()).toBe("q=data");
    expect(catalogueSearch("", "price-high").toString()).toBe("sort=price-high");
    expect(catalogueSearch("", "newest").toString()).toBe("");
  });
});
