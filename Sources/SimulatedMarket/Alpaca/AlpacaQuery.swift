import StrategyKit
import Wire

/// The query parameters of an Alpaca request, percent-decoded (`+` stays a plus: a time's
/// `+00:00` offset sent unencoded must still parse), with typed readers that refuse a bad value
/// naming the parameter.
struct AlpacaQuery {
    private var values: [String: String] = [:]

    /// The parameters of `query` (the text after `?`); a name given twice keeps its last value.
    init(_ query: Substring?) {
        guard let query else { return }
        for pair in query.split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            values[Self.decode(parts[0])] = parts.count > 1 ? Self.decode(parts[1]) : ""
        }
    }

    subscript(name: String) -> String? { values[name].flatMap { $0.isEmpty ? nil : $0 } }

    /// An integer in `range`, `defaultValue` when absent; 422 otherwise.
    func int(_ name: String, in range: ClosedRange<Int>, default defaultValue: Int) throws(AlpacaFailure) -> Int {
        guard let text = self[name] else { return defaultValue }
        guard let value = Int(text), range.contains(value) else {
            throw .invalid("\(name) must be an integer from \(range.lowerBound) to \(range.upperBound), got \(text)")
        }
        return value
    }

    /// The times a query may name, as nanoseconds since the epoch: 1970 to 2199. Every trade of
    /// the simulated exchange is in them, and a day or a nanosecond added to or taken from one
    /// still fits a `Timestamp`, which the ends of its own range (1677, 2262) do not.
    static let times: Range<Int64> = 0..<7_258_118_400_000_000_000

    /// A time in RFC 3339 (any offset) or a date (`2024-05-01`, midnight UTC), within `times`;
    /// nil when absent.
    func time(_ name: String) throws(AlpacaFailure) -> Timestamp? {
        guard let text = self[name] else { return nil }
        let full = text.count == 10 ? text + "T00:00:00Z" : text
        guard let time = Timestamp(iso8601: full) else { throw .invalid("\(name) must be an RFC 3339 time or a date, got \(text)") }
        guard Self.times.contains(time.nanoseconds) else { throw .invalid("\(name) must be a time from 1970 to 2199, got \(text)") }
        return time
    }

    /// One of `allowed`, `defaultValue` when absent; 422 otherwise.
    func choice(_ name: String, _ allowed: [String], default defaultValue: String) throws(AlpacaFailure) -> String {
        guard let text = self[name] else { return defaultValue }
        guard allowed.contains(text) else { throw .invalid("\(name) must be one of \(allowed.joined(separator: ", ")), got \(text)") }
        return text
    }

    /// The `page_token` of a paged market-data call, `SYMBOL.N` (where the next page starts: a
    /// bar's start, a record's id); nil when absent, 422 for a token this server did not give.
    func pageToken() throws(AlpacaFailure) -> (symbol: Symbol, position: Int64)? {
        guard let token = self["page_token"] else { return nil }
        let parts = token.split(separator: ".")
        guard parts.count == 2, let position = Int64(parts[1]) else { throw .invalid("page_token \(token) is not one this server gave") }
        return (Symbol(String(parts[0])), position)
    }

    /// The comma-separated symbols of `name`, in order, without repeats; empty when absent.
    func symbols(_ name: String = "symbols") -> [Symbol] {
        var seen: Set<String> = []
        return (self[name] ?? "").split(separator: ",").map { String($0) }.filter { seen.insert($0).inserted }.map { Symbol($0) }
    }

    private static func decode(_ text: Substring) -> String {
        var bytes: [UInt8] = []
        var utf8 = Array(text.utf8)[...]
        while let byte = utf8.popFirst() {
            if byte == UInt8(ascii: "%"), utf8.count >= 2,
               let value = UInt8(String(decoding: utf8.prefix(2), as: UTF8.self), radix: 16) {
                bytes.append(value)
                utf8 = utf8.dropFirst(2)
            } else {
                bytes.append(byte)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
