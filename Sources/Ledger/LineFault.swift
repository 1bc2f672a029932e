import StrategyKit

/// Why a ledger line does not check out. Each case names one rule of FORMAT.md.
public enum LineFault: Hashable, Sendable, CustomStringConvertible {
    /// The file ends inside this line: there is no newline after it.
    case torn
    /// The line is not a JSON object (the detail says what was expected where).
    case notJSON(String)
    /// A required member is absent.
    case missingField(String)
    /// A member has the wrong type or a value outside its range, or appears twice.
    case badValue(field: String, why: String)
    /// The `sum` member does not match the line's body.
    case badChecksum
    /// The sequence number skips ahead and the missing number appears nowhere later in the file.
    case gap(expected: UInt64, found: UInt64)
    /// The sequence number is not the next one: it repeats or goes back, or it skips ahead
    /// while the expected number appears later in the file.
    case outOfOrder(expected: UInt64, found: UInt64)
    /// The line's `prev` is not the checksum of the line before it.
    case brokenChain
    /// The line names another venue or account than the first line of the ledger.
    case foreignLine(venue: Venue, account: Account)
    /// The fill (venue, order id, fill index) was already recorded by an earlier line.
    case duplicateFill(earlierSequence: UInt64)
    /// `position`, `cash` or `realized` differs from the replay of the fills before it; `field`
    /// names the first that differs.
    case totalsMismatch(field: String)

    /// One line saying what is wrong, e.g. `bad checksum`.
    public var description: String {
        switch self {
        case .torn: "torn line (no newline at the end of the file)"
        case .notJSON(let detail): "not JSON: \(detail)"
        case .missingField(let name): "missing field \"\(name)\""
        case .badValue(let field, let why): "bad value for \"\(field)\": \(why)"
        case .badChecksum: "bad checksum"
        case .gap(let expected, let found): "gap in sequence: expected \(expected), found \(found)"
        case .outOfOrder(let expected, let found): "line out of order: expected sequence \(expected), found \(found)"
        case .brokenChain: "broken chain: \"prev\" is not the checksum of the line before"
        case .foreignLine(let venue, let account): "line for venue \(venue) account \(account) in a ledger of another venue or account"
        case .duplicateFill(let earlier): "fill already recorded at sequence \(earlier)"
        case .totalsMismatch(let field): "\"\(field)\" does not match the replayed fills"
        }
    }

    /// A stable lower-case code for machine output, e.g. `bad_checksum`.
    public var code: String {
        switch self {
        case .torn: "torn"
        case .notJSON: "not_json"
        case .missingField: "missing_field"
        case .badValue: "bad_value"
        case .badChecksum: "bad_checksum"
        case .gap: "gap"
        case .outOfOrder: "out_of_order"
        case .brokenChain: "broken_chain"
        case .foreignLine: "foreign_line"
        case .duplicateFill: "duplicate_fill"
        case .totalsMismatch: "totals_mismatch"
        }
    }
}
