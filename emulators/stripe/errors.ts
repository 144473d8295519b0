/** An error as Stripe's API answers it: `{ error: { type, code?, message, param?, … } }` with a status. */
export class StripeApiError extends Error {
  constructor(
    readonly status: number,
    readonly type: "invalid_request_error" | "idempotency_error" | "card_error" | "api_error",
    message: string,
    readonly details: { code?: string; param?: string; decline_code?: string } = {},
    /** Objects a card error carries (`payment_intent`, `payment_method`), as Stripe sends them. */
    readonly objects: Record<string, unknown> = {},
  ) {
    super(message);
  }

  /** The body Stripe sends. Fields without a value are left out, as Stripe leaves them out. */
  body(): { error: Record<string, unknown> } {
    const error: Record<string, unknown> = { ...this.objects };
    const { code, param, decline_code: declineCode } = this.details;
    if (code) {
      error.code = code;
      error.doc_url = `https://stripe.com/docs/error-codes/${code.replaceAll("_", "-")}`;
    }
    if (declineCode) error.decline_code = declineCode;
    error.message = this.message;
    if (param) error.param = param;
    error.type = this.type;
    return { error };
  }
}

/** 400 invalid_request_error: a parameter is wrong. */
export function invalidRequest(message: string, param?: string, code?: string): StripeApiError {
  return new StripeApiError(400, "invalid_request_error", message, { param, code });
}

/** 400 parameter_missing with Stripe's wording. */
export function missingParam(param: string): StripeApiError {
  return invalidRequest(`Missing required param: ${param}.`, param, "parameter_missing");
}

/** 400 parameter_unknown with Stripe's wording. */
export function unknownParam(param: string): StripeApiError {
  return invalidRequest(`Received unknown parameter: ${param}`, param, "parameter_unknown");
}

/** 404 resource_missing, e.g. "No such checkout.session: 'cs_…'" with param "session". */
export function noSuch(objectName: string, id: string, param: string): StripeApiError {
  return new StripeApiError(404, "invalid_request_error", `No such ${objectName}: '${id}'`, {
    code: "resource_missing",
    param,
  });
}
