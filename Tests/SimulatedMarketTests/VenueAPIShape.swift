import StrategyKit

/// The member names of the API's order object (without `ok`).
let orderKeys: Set<String> = [
    "symbol", "venue", "direction", "originalQty", "qty", "price", "orderType", "id", "account", "ts", "fills",
    "totalFilled", "open",
]

/// Whether `text` is an ISO-8601 UTC time with nine fractional digits.
func isNanosecondTimestamp(_ value: Any?) -> Bool {
    guard let text = value as? String, let parsed = Timestamp(iso8601: text) else { return false }
    return text.count == 30 && parsed.nanoseconds > 0
}
