import Glibc
import StrategyKit

/// Checks ledger lines one after another against every rule of FORMAT.md and folds the good
/// ones into a `LedgerState`.
struct LedgerScanner {
    /// What the lines accepted so far add up to.
    var state = LedgerState()
    /// The entry of the line accepted last.
    private(set) var lastEntry: LedgerEntry?
    private var isoScratch: [UInt8] = []

    /// The length of `,"sum":"` + 16 hex digits + `"}`.
    static let suffixLength = 26

    init() {}

    /// Checks `line` (without its newline) as the next line. On success the state includes it
    /// and `lastEntry` is its entry; otherwise nothing changes and the fault says why.
    mutating func accept(_ line: UnsafeRawBufferPointer) -> LineFault? {
        guard let sum = LedgerScanner.suffixChecksum(line) else { return LedgerScanner.suffixFault(line) }
        let body = UnsafeRawBufferPointer(rebasing: line[..<(line.count - LedgerScanner.suffixLength)])
        guard LedgerChecksum(of: body).value == sum else { return .badChecksum }
        var parsed = LedgerLine()
        if let fault = LedgerLineParser.parse(line, into: &parsed) { return fault }
        return accept(parsed, line: line)
    }

    private mutating func accept(_ parsed: LedgerLine, line: UnsafeRawBufferPointer) -> LineFault? {
        isoScratch.removeAll(keepingCapacity: true)
        let time = Timestamp(nanoseconds: parsed.time)
        time.appendISO8601(to: &isoScratch)
        let isoMatches = !parsed.isoEscaped && isoScratch.withUnsafeBytes {
            $0.elementsEqual(UnsafeRawBufferPointer(rebasing: line[parsed.isoRange]))
        }
        guard isoMatches else { return .badValue(field: "iso", why: "is not the ISO-8601 form of \"time\"") }
        guard parsed.index <= Int64(Int.max) else { return .badValue(field: "index", why: "too large") }
        let expected = state.lastSequence + 1
        if parsed.sequence < expected { return .outOfOrder(expected: expected, found: parsed.sequence) }
        if parsed.sequence > expected { return .gap(expected: expected, found: parsed.sequence) }
        guard parsed.previous == state.lastChecksum.value else { return .brokenChain }
        let fill = Fill(
            venue: Venue(parsed.venue), account: Account(parsed.account), symbol: Symbol(parsed.symbol),
            orderID: OrderID(parsed.order), index: Int(parsed.index), side: parsed.isBuy ? .buy : .sell,
            price: Price(cents: parsed.price), qty: Quantity(shares: parsed.qty), time: time,
            strategyID: StrategyID(parsed.strategy))
        if let fault = state.admissionFault(of: fill) { return fault }
        guard let totals = state.totals(after: fill) else {
            return .badValue(field: "qty", why: "price and quantity overflow the running totals")
        }
        if totals.holding.position.quantity.shares != parsed.position { return .totalsMismatch(field: "position") }
        if totals.holding.cash.cents != parsed.cash { return .totalsMismatch(field: "cash") }
        if totals.holding.position.realizedPnL.cents != parsed.realized { return .totalsMismatch(field: "realized") }
        let entry = LedgerEntry(
            sequence: parsed.sequence, fill: fill, reconciled: parsed.reconciled,
            positionAfter: Quantity(shares: parsed.position), cashAfter: Money(cents: parsed.cash),
            realizedAfter: Money(cents: parsed.realized), previousChecksum: LedgerChecksum(parsed.previous),
            checksum: LedgerChecksum(parsed.sum))
        state.commit(entry, holding: totals.holding, symbol: totals.symbol)
        lastEntry = entry
        return nil
    }

    /// The checksum in a well-formed `,"sum":"<16 hex>"}` suffix; nil when the line lacks one.
    static func suffixChecksum(_ line: UnsafeRawBufferPointer) -> UInt64? {
        let count = line.count
        guard count > suffixLength + 1 else { return nil }
        let marker: StaticString = #","sum":""#
        let matches = memcmp(line.baseAddress! + (count - suffixLength), marker.utf8Start, marker.utf8CodeUnitCount) == 0
        guard matches, line[count - 2] == UInt8(ascii: "\""), line[count - 1] == UInt8(ascii: "}") else { return nil }
        return LedgerChecksum(hex: UnsafeRawBufferPointer(rebasing: line[(count - 18)..<(count - 2)]))?.value
    }

    /// Why a line without a well-formed checksum suffix is bad.
    private static func suffixFault(_ line: UnsafeRawBufferPointer) -> LineFault {
        var parsed = LedgerLine()
        if let fault = LedgerLineParser.parse(line, into: &parsed) { return fault }
        return .badValue(field: "sum", why: "must be the last member, written \"sum\":\"<16 lowercase hex digits>\" with no spaces")
    }
}
