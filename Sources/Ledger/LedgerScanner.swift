import Glibc
import StrategyKit
import Wire

/// Checks ledger lines one after another against every rule of FORMAT.md and folds the good
/// ones into a `LedgerState`.
struct LedgerScanner {
    /// What the lines accepted so far add up to.
    var state = LedgerState()
    /// The line accepted last, as parsed; kept only when `keepsLastEntry`.
    private var lastLine: LedgerLine?
    /// Whether `lastEntry` is wanted: keeping each line costs a copy that checking alone does
    /// not need.
    private let keepsLastEntry: Bool
    private var isoScratch: [UInt8] = []
    /// The whole second (since the epoch) that `isoScratch` was formatted for.
    private var isoSecond = Int64.min

    /// The length of `,"sum":"` + 16 hex digits + `"}`.
    static let suffixLength = 26

    /// A scanner at the start of a ledger; `keepingLastEntry` makes `lastEntry` available.
    init(keepingLastEntry: Bool) {
        keepsLastEntry = keepingLastEntry
    }

    /// The entry of the line accepted last. Only a scanner keeping it has one, once it accepted
    /// a line; asking otherwise is a broken invariant.
    var lastEntry: LedgerEntry {
        guard let line = lastLine else {
            preconditionFailure("lastEntry is read only after a line was accepted by a scanner keeping it")
        }
        let fill = Fill(
            venue: Venue(line.venue), account: Account(line.account), symbol: Symbol(line.symbol),
            orderID: OrderID(line.order), index: Int(line.index), side: line.isBuy ? .buy : .sell,
            price: Price(units: line.price), qty: Quantity(shares: line.qty), time: Timestamp(nanoseconds: line.time),
            strategyID: StrategyID(line.strategy))
        return LedgerEntry(
            sequence: line.sequence, fill: fill, reconciled: line.reconciled,
            positionAfter: Quantity(shares: line.position), cashAfter: Money(units: line.cash),
            realizedAfter: Money(units: line.realized), previousChecksum: LedgerChecksum(line.previous),
            checksum: LedgerChecksum(line.sum))
    }

    /// Checks `line` (without its newline) as the next line. On success the state includes it
    /// and `lastEntry` is its entry; otherwise nothing changes and the fault says why.
    /// `bodyChecksum`, when given, is the checksum of the line's body computed beforehand.
    mutating func accept(_ line: UnsafeRawBufferPointer, bodyChecksum: UInt64? = nil) -> LineFault? {
        guard let sum = LedgerScanner.suffixChecksum(line) else { return LedgerScanner.suffixFault(line) }
        let computed = bodyChecksum ?? LedgerChecksum(of: LedgerScanner.body(of: line)).value
        guard computed == sum else { return .badChecksum }
        var parsed = LedgerLine()
        if let fault = LedgerLineParser.parse(line, into: &parsed) { return fault }
        if let fault = parsed.convertingCentsToUnits() { return fault }
        return accept(parsed, line: line)
    }

    private mutating func accept(_ parsed: LedgerLine, line: UnsafeRawBufferPointer) -> LineFault? {
        formatISO(parsed.time)
        let isoMatches = !parsed.isoEscaped && isoScratch.withUnsafeBytes {
            $0.elementsEqual(UnsafeRawBufferPointer(rebasing: line[parsed.isoRange]))
        }
        guard isoMatches else { return .badValue(field: "iso", why: "is not the ISO-8601 form of \"time\"") }
        guard parsed.index <= Int64(Int.max) else { return .badValue(field: "index", why: "too large") }
        let expected = state.lastSequence + 1
        if parsed.sequence < expected { return .outOfOrder(expected: expected, found: parsed.sequence) }
        if parsed.sequence > expected { return .gap(expected: expected, found: parsed.sequence) }
        guard parsed.previous == state.lastChecksum.value else { return .brokenChain }
        if let venue = state.venue, let account = state.account,
           venue.rawValue != parsed.venue || account.rawValue != parsed.account {
            return .foreignLine(venue: Venue(parsed.venue), account: Account(parsed.account))
        }
        let side: Side = parsed.isBuy ? .buy : .sell
        guard let update = state.update(
            strategy: StrategyID(parsed.strategy), symbol: Symbol(parsed.symbol), side: side,
            price: Price(units: parsed.price), qty: Quantity(shares: parsed.qty))
        else { return .badValue(field: "qty", why: "price and quantity overflow the running totals") }
        if update.holding.position.quantity.shares != parsed.position { return .totalsMismatch(field: "position") }
        if update.holding.cash.units != parsed.cash { return .totalsMismatch(field: "cash") }
        if update.holding.position.realizedPnL.units != parsed.realized { return .totalsMismatch(field: "realized") }
        if let earlier = state.recordFill(order: parsed.order, index: Int(parsed.index), at: parsed.sequence) {
            return .duplicateFill(earlierSequence: earlier)
        }
        state.commit(update, sequence: parsed.sequence, checksum: LedgerChecksum(parsed.sum),
                     origin: (Venue(parsed.venue), Account(parsed.account)))
        if keepsLastEntry { lastLine = parsed }
        return nil
    }

    /// Sets `isoScratch` to the ISO-8601 form of `time`. Lines come seconds apart or less, so
    /// only the nine fraction digits usually change; the rest is formatted once per second.
    private mutating func formatISO(_ time: Int64) {
        var second = time / 1_000_000_000
        var fraction = time % 1_000_000_000
        if fraction < 0 {
            second -= 1
            fraction += 1_000_000_000
        }
        if second != isoSecond {
            isoScratch.removeAll(keepingCapacity: true)
            Timestamp(nanoseconds: time).appendISO8601(to: &isoScratch)
            isoSecond = second
            return
        }
        // The fraction's nine digits sit just before the final "Z".
        var index = isoScratch.count - 2
        for _ in 0..<9 {
            isoScratch[index] = UInt8(ascii: "0") + UInt8(truncatingIfNeeded: fraction % 10)
            fraction /= 10
            index -= 1
        }
    }

    /// The part of a line the checksum covers: everything before the suffix (the whole line
    /// when it is too short to have one).
    static func body(of line: UnsafeRawBufferPointer) -> UnsafeRawBufferPointer {
        UnsafeRawBufferPointer(rebasing: line[..<max(0, line.count - suffixLength)])
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
