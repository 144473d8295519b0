import { describe, expect, it } from "vitest";
import { FormShapeError, canonicalForm, parseForm } from "./form.ts";

describe("Stripe's bracketed form encoding", () => {
  it("nests bracketed keys, numbered and appended lists alike", () => {
    const form = parseForm(
      "mode=payment&line_items[0][quantity]=1&line_items[0][price_data][product_data][name]=Moving%20deposit" +
        "&metadata%5Bbooking_id%5D=b-1&expand[]=payment_intent&expand[]=line_items&success_url=http%3A%2F%2Fx%2F%3Fa%3D1%26b%3D2",
    );
    expect(form).toEqual({
      mode: "payment",
      line_items: { "0": { quantity: "1", price_data: { product_data: { name: "Moving deposit" } } } },
      metadata: { booking_id: "b-1" },
      expand: { "0": "payment_intent", "1": "line_items" },
      success_url: "http://x/?a=1&b=2",
    });
  });

  it("refuses a key used both as a value and as a hash, naming it", () => {
    expect(() => parseForm("metadata=x&metadata[a]=1")).toThrow(FormShapeError);
    try {
      parseForm("line_items[0][price_data]=x&line_items[0][price_data][currency]=usd");
    } catch (error) {
      expect((error as FormShapeError).param).toBe("line_items[0][price_data]");
    }
  });

  it("gives the same canonical text for the same parameters in any order", () => {
    expect(canonicalForm(parseForm("a=1&b[c]=2&b[d]=3"))).toBe(canonicalForm(parseForm("b[d]=3&a=1&b[c]=2")));
    expect(canonicalForm(parseForm("a=1"))).not.toBe(canonicalForm(parseForm("a=2")));
  });
});
