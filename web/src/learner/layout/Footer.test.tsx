import { render, screen, waitFor } from "@testing-library/react";
import { MemoryRouter } from "react-router-dom";
import { describe, expect, it, vi } from "vitest";
import Footer from "./Footer.tsx";

const contact = () => screen.getByRole("contentinfo").querySelector("address")?.textContent;

describe("learner footer", () => {
  it("shows the owner's business name, support e-mail and contact lines from the public business profile", async () => {
    const fetch = vi.spyOn(globalThis, "fetch").mockResolvedValue(
      Response.json({
        data: {
          businessProfile: {
            businessName: "Acme Academy",
            supportEmail: "help@acme.test",
            footerContact: "+233 20 000 0000\n12 Harbour Road, Accra",
          },
        },
      }),
    );
    render(
      <MemoryRouter>
        <Footer />
      </MemoryRouter>,
    );
    await waitFor(() => expect(contact()).toBe("help@acme.test+233 20 000 000012 Harbour Road, Accra"));
    expect(JSON.parse(String(fetch.mock.calls[0]?.[1]?.body)).query).toMatch(
      /businessProfile \{ businessName supportEmail footerContact \}/,
    );
    expect(screen.getByRole("link", { name: "help@acme.test" }).getAttribute("href")).toBe("mailto:help@acme.test");
    expect(screen.getByRole("link", { name: "+233 20 000 0000" }).getAttribute("href")).toBe("tel:+233200000000");
    expect(screen.getByText("© 2025 Acme Academy. All rights reserved.")).toBeTruthy();
  });

  it("keeps the default text until the profile arrives, and when it cannot be read", async () => {
    // The test setup answers every plain request as offline.
    render(
      <MemoryRouter>
        <Footer />
      </MemoryRouter>,
    );
    expect(contact()).toBe("hello@learnhub.example+234 800 123 4567Lagos, Nigeria");
    await waitFor(() => expect(globalThis.fetch).toHaveBeenCalled());
    expect(contact()).toBe("hello@learnhub.example+234 800 123 4567Lagos, Nigeria");
    expect(screen.getByText("© 2025 LearnHub. All rights reserved.")).toBeTruthy();
  });
});
