import { createContext, useContext } from "react";

// The CSP nonce exists only on the server; in the browser it is an empty string, which React ignores.
const NonceContext = createContext("");

export const NonceProvider = NonceContext.Provider;
export const useNonce = () => useContext(NonceContext);
