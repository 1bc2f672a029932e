import Glibc
import StrategyKit

/// The members of one ledger line as parsed, before their values are checked against the
/// ledger's rules (ranges, chain, running totals).
struct LedgerLine {
    /// The line's format version: 1 without a `v` member (money in cents), 2 with `"v":2`
    /// (money in units of $0.0001).
    var version: Int64 = 1
    var sequence: UInt64 = 0
    var time: Int64 = 0
    /// Where the `iso` string's bytes are within the line (it holds no escapes when valid).
    var isoRange: Range<Int> = 0..<0
    var isoEscaped = false
    var venue = ""
    var account = ""
    var symbol = ""
    var strategy = ""
    var order: Int64 = 0
    var index: Int64 = 0
    var isBuy = true
    var price: Int64 = 0
    var qty: Int64 = 0
    var reconciled = false
    var position: Int64 = 0
    var cash: Int64 = 0
    var realized: Int64 = 0
    var previous: UInt64 = 0
    var sum: UInt64 = 0

    /// The versions a line may declare in its `v` member.
    static let versions: ClosedRange<Int64> = 1...2

    /// Converts a version-1 line's `price`, `cash` and `realized` from cents to units of
    /// $0.0001, exactly, so that every line is checked and folded in one unit; the fault naming
    /// the member when one does not fit in 64 bits as units. A version-2 line is left as it is.
    mutating func convertingCentsToUnits() -> LineFault? {
        guard version == 1 else { return nil }
        for member in [Member.price, .cash, .realized] {
            let cents = member == .price ? price : member == .cash ? cash : realized
            let (units, overflow) = cents.multipliedReportingOverflow(by: Price.unitsPerCent)
            guard !overflow else { return .badValue(field: member.name, why: "too large to convert from cents (version 1)") }
            switch member {
            case .price: price = units
            case .cash: cash = units
            default: realized = units
            }
        }
        return nil
    }

    /// The members a line must have, in the order a writer emits them.
    enum Member: Int, CaseIterable {
        case seq, time, iso, venue, account, symbol, order, index, side, price, qty, strategy
        case reconciled, position, cash, realized, prev, sum

        /// The member's key.
        var key: StaticString {
            switch self {
            case .seq: "seq"
            case .time: "time"
            case .iso: "iso"
            case .venue: "venue"
            case .account: "account"
            case .symbol: "symbol"
            case .order: "order"
            case .index: "index"
            case .side: "side"
            case .price: "price"
            case .qty: "qty"
            case .strategy: "strategy"
            case .reconciled: "reconciled"
            case .position: "position"
            case .cash: "cash"
            case .realized: "realized"
            case .prev: "prev"
            case .sum: "sum"
            }
        }

        var name: String { key.description }

        /// The key quoted and followed by a colon, as writers emit it.
        var quotedKey: StaticString {
            switch self {
            case .seq: #""seq":"#
            case .time: #""time":"#
            case .iso: #""iso":"#
            case .venue: #""venue":"#
            case .account: #""account":"#
            case .symbol: #""symbol":"#
            case .order: #""order":"#
            case .index: #""index":"#
            case .side: #""side":"#
            case .price: #""price":"#
            case .qty: #""qty":"#
            case .strategy: #""strategy":"#
            case .reconciled: #""reconciled":"#
            case .position: #""position":"#
            case .cash: #""cash":"#
            case .realized: #""realized":"#
            case .prev: #""prev":"#
            case .sum: #""sum":"#
            }
        }

        var bit: UInt32 { 1 << UInt32(rawValue) }

        static let all: UInt32 = (1 << UInt32(allCases.count)) - 1

        /// The member a key names; nil for a key the format does not define.
        init?(key: UnsafeRawBufferPointer) {
            let candidate: Member
            switch (key.count, key.first ?? 0) {
            case (3, UInt8(ascii: "s")):
                candidate = key[1] == UInt8(ascii: "e") ? .seq : .sum
            case (3, UInt8(ascii: "i")): candidate = .iso
            case (3, UInt8(ascii: "q")): candidate = .qty
            case (4, UInt8(ascii: "t")): candidate = .time
            case (4, UInt8(ascii: "s")): candidate = .side
            case (4, UInt8(ascii: "c")): candidate = .cash
            case (4, UInt8(ascii: "p")): candidate = .prev
            case (5, UInt8(ascii: "v")): candidate = .venue
            case (5, UInt8(ascii: "o")): candidate = .order
            case (5, UInt8(ascii: "i")): candidate = .index
            case (5, UInt8(ascii: "p")): candidate = .price
            case (6, UInt8(ascii: "s")): candidate = .symbol
            case (7, UInt8(ascii: "a")): candidate = .account
            case (8, UInt8(ascii: "s")): candidate = .strategy
            case (8, UInt8(ascii: "p")): candidate = .position
            case (8, UInt8(ascii: "r")): candidate = .realized
            case (10, UInt8(ascii: "r")): candidate = .reconciled
            default: return nil
            }
            guard candidate.matches(key) else { return nil }
            self = candidate
        }

        private func matches(_ key: UnsafeRawBufferPointer) -> Bool {
            self.key.withUTF8Buffer { name in
                name.count == key.count && memcmp(name.baseAddress!, key.baseAddress!, key.count) == 0
            }
        }
    }
}
