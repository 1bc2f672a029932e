import APIClient
import StrategyKit
import Wire

/// GET `/v2/orders`: the account's orders with `status` (`open`, `closed`, `all`), only those
/// in `symbols` when given, created after `after` and before `until` when given, newest first,
/// at most `limit` (500 at most). With `nested`, a group's legs are listed inside its parent
/// (`legs`) and not on their own.
public struct ListOrders: AlpacaCommand, Hashable {
    /// Which orders the list holds.
    public enum Status: String, Sendable, Hashable, CaseIterable {
        case open, closed, all
    }

    public var status: Status
    public var symbols: [Symbol]
    public var limit: Int
    /// Only orders submitted after this time, when given.
    public var after: Timestamp?
    /// Only orders submitted before this time, when given.
    public var until: Timestamp?
    /// Whether the legs of a group come inside their parent.
    public var nested: Bool

    public init(
        status: Status = .open, symbols: [Symbol] = [], limit: Int = 500, after: Timestamp? = nil, until: Timestamp? = nil,
        nested: Bool = false
    ) {
        self.status = status
        self.symbols = symbols
        self.limit = limit
        self.after = after
        self.until = until
        self.nested = nested
    }

    public var api: AlpacaAPI { .trading }
    public var method: HTTPMethod { .get }
    public var path: String {
        AlpacaPath.make("/v2/orders", [
            ("status", status.rawValue), ("limit", String(limit)), ("after", after?.iso8601), ("until", until?.iso8601),
            ("symbols", symbols.isEmpty ? nil : symbols.map(\.rawValue).joined(separator: ",")), ("nested", nested ? "true" : nil),
        ])
    }

    public func decode(_ body: UnsafeRawBufferPointer) throws(JSONReadError) -> [AlpacaOrder] {
        try JSONReader.document(body) { reader throws(JSONReadError) in
            try reader.array { reader throws(JSONReadError) in try AlpacaOrder(reading: &reader) }
        }
    }
}
