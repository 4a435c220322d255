import { act, cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import type { MockPayloadGenerator } from "relay-test-utils";
import { beforeEach, describe, expect, it } from "vitest";
import { money } from "../../test/money.ts";
import TrackDetailsPageQuery from "../pages/catalogue/learner-track-details/__generated__/TrackDetailsPageQuery.graphql.ts";
import { renderLearner } from "../test/renderLearner.tsx";
import { CURRENCY_KEY, priceIn } from "./siteCurrency.ts";

// A naira business that sells the track in cedis too, and a related track in naira only.
const uuid = "5b0f6a52-1c1e-4c55-9a4e-0d6f1f7e2a10";
const id = btoa(`Track:${uuid}`);
const naira = { price: 150_000, currency: "NGN", priceMoney: money(150_000, "NGN"), courses: [], averageRating: null };
const related = { ...naira, id: btoa("Track:related"), name: "Data Science", prices: [money(150_000, "NGN")] };
const track = { ...naira, id, name: "Cloud Computing", prices: [money(150_000, "NGN"), money(1_200, "GHS")], relatedTracks: [related] };

// What the mock server answers; each test sets the currencies the business sells in.
const server = { currencies: ["NGN", "GHS"] };
const resolvers: MockPayloadGenerator.MockResolvers = {
  Track: (context) => (context.path?.includes("relatedTracks") ? related : track),
  Query: () => ({ me: null }),
  PaymentOptions: () => ({ currency: "NGN", currencies: server.currencies }),
};

function openTrack(currencies = ["NGN", "GHS"]) {
  server.currencies = currencies;
  return renderLearner(`/learner-track-details/${uuid}`, { preloaded: [[TrackDetailsPageQuery, { id }]], resolvers });
}

const routeLoad = { timeout: 5000 };
/** The track's own price (its side card), and the related track's (its card under "Explore Related Courses"). */
const ownPrice = async () =>
  (await screen.findByRole("link", { name: "Enroll Now" }, routeLoad)).closest("div")!.querySelector("p")!.textContent;
const relatedPrice = () =>
  screen.getByRole("heading", { name: "Data Science" }).closest("article")!.querySelector("p:last-of-type")!.textContent;

beforeEach(() => localStorage.clear());

describe("the learner's currency", () => {
  it("shows the business currency by default; a switch re-prices the page, says what is not sold in it, and is remembered", async () => {
    openTrack();
    expect(await ownPrice()).toBe("₦150,000.00");
    const select = (await screen.findByLabelText("Currency")) as HTMLSelectElement;
    expect(select.value).toBe("NGN");
    expect([...select.options].map((o) => o.text)).toEqual(["NGN · Nigerian naira", "GHS · Ghanaian cedi"]);

    await act(async () => fireEvent.change(select, { target: { value: "GHS" } }));
    expect(localStorage.getItem(CURRENCY_KEY)).toBe("GHS");
    expect(await ownPrice()).toBe("GH₵1,200.00");
    expect(relatedPrice()).toBe("₦150,000.00Not sold in GHS; price in NGN.");

    // A new visit (a reload) keeps the choice.
    cleanup();
    openTrack();
    expect(await ownPrice()).toBe("GH₵1,200.00");
    expect(((await screen.findByLabelText("Currency")) as HTMLSelectElement).value).toBe("GHS");

    // Choosing the business currency again forgets the choice.
    await act(async () => fireEvent.change(screen.getByLabelText("Currency"), { target: { value: "NGN" } }));
    expect(localStorage.getItem(CURRENCY_KEY)).toBeNull();
    expect(await ownPrice()).toBe("₦150,000.00");
  }, 30_000);

  it("is hidden while the business sells in one currency, and a stored choice it no longer sells in is forgotten", async () => {
    localStorage.setItem(CURRENCY_KEY, "KES");
    openTrack(["NGN"]);
    await ownPrice();
    expect(screen.queryByLabelText("Currency")).toBeNull();
    await waitFor(() => expect(localStorage.getItem(CURRENCY_KEY)).toBeNull());
    expect(await ownPrice()).toBe("₦150,000.00");
    expect(relatedPrice()).toBe("₦150,000.00");
  }, 30_000);

  it("picks a track's price in the chosen currency, or its main price with the currency it is not sold in", () => {
    const track = {
      priceMoney: { minor: 45_000, currency: "USD" },
      prices: [
        { minor: 45_000, currency: "USD" },
        { minor: 600_000, currency: "ZAR" },
      ],
    };
    expect(priceIn(track, null)).toEqual({ price: track.priceMoney, notSoldIn: null });
    expect(priceIn(track, "USD")).toEqual({ price: track.priceMoney, notSoldIn: null });
    expect(priceIn(track, "ZAR")).toEqual({ price: { minor: 600_000, currency: "ZAR" }, notSoldIn: null });
    expect(priceIn(track, "KES")).toEqual({ price: track.priceMoney, notSoldIn: "KES" });
    const free = { priceMoney: { minor: 0, currency: "USD" }, prices: [{ minor: 0, currency: "USD" }] };
    expect(priceIn(free, "KES")).toEqual({ price: free.priceMoney, notSoldIn: null });
  });
});
