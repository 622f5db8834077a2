// The page script runs in a browser: its files see the DOM's types.
/// <reference lib="dom" />
