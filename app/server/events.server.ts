// Placeholder until the live-updates module lands.
export function closeAllEventStreams() {}
