import Glibc
import StrategyKit

/// The compact form's trade record (kind 4, version 5; see RECORDINGS.md, "Compact"). A trade
/// needs nothing before it: its symbol is spelled out (a `NameCache` makes the string once per
/// run of the same symbol), and so are its numbers, so reading can resume at any record.
///
/// ```
/// varint symbolLength, symbol, zigzag price, varint qty, zigzag time,
/// zigzag (receivedTime - time), u8 flags (bit 0: isOurs),
/// varint conditionCount, per condition: varint length, UTF-8
/// ```
struct CompactTradeCodec {
    private var symbols = NameCache()
    /// The last trade's condition bytes and what they read as: consecutive prints mostly share
    /// their conditions, and then share the array too.
    private var conditionBytes: [UInt8] = []
    private var conditions: [String] = []

    /// Appends `recorded`'s body.
    static func appendBody(_ recorded: RecordedTrade, to bytes: inout [UInt8]) {
        let trade = recorded.trade
        appendName(trade.symbol.rawValue, to: &bytes)
        CompactForm.appendSigned(trade.price.units, to: &bytes)
        CompactForm.appendVarint(UInt64(bitPattern: trade.qty.shares), to: &bytes)
        CompactForm.appendSigned(trade.time.nanoseconds, to: &bytes)
        CompactForm.appendSigned(recorded.receivedTime.nanoseconds &- trade.time.nanoseconds, to: &bytes)
        bytes.append(trade.isOurs ? 1 : 0)
        CompactForm.appendVarint(UInt64(recorded.conditions.count), to: &bytes)
        for condition in recorded.conditions { appendName(condition, to: &bytes) }
    }

    private static func appendName(_ name: String, to bytes: inout [UInt8]) {
        CompactForm.appendVarint(UInt64(name.utf8.count), to: &bytes)
        bytes.append(contentsOf: name.utf8)
    }

    /// The trade of a body; a number out of range is refused as the other forms refuse it.
    mutating func trade(_ body: UnsafeRawBufferPointer) throws(CompactFault) -> RecordedTrade {
        var cursor = CompactCursor(body)
        let symbol = Symbol(rawValue: symbols.name(try cursor.rawName()))
        let price = CompactForm.signed(try cursor.varint())
        let qty = Int64(bitPattern: try cursor.varint())
        let time = CompactForm.signed(try cursor.varint())
        let receivedTime = time &+ CompactForm.signed(try cursor.varint())
        let flags = try cursor.byte()
        guard flags <= 1 else { throw CompactFault("its flags \(flags) are not a writer's") }
        if let refusal = RecordedNumbers.tradeRefusal(price: price, qty: qty) { throw CompactFault(refusal: refusal) }
        let conditionStart = body.count - cursor.remaining
        let count = try cursor.varint()
        guard count <= UInt64(cursor.remaining) else { throw CompactFault("a trade's conditions are more than the record holds") }
        let raw = UnsafeRawBufferPointer(rebasing: body[conditionStart...])
        let same = raw.count == conditionBytes.count
            && conditionBytes.withUnsafeBytes { raw.isEmpty || memcmp($0.baseAddress!, raw.baseAddress!, raw.count) == 0 }
        if !same {
            var read: [String] = []
            read.reserveCapacity(Int(count))
            for _ in 0..<count { read.append(String(decoding: try cursor.rawName(), as: UTF8.self)) }
            guard cursor.remaining == 0 else { throw CompactFault("a trade record has bytes after its conditions") }
            conditionBytes.removeAll(keepingCapacity: true)
            conditionBytes.append(contentsOf: raw)
            conditions = read
        }
        return RecordedTrade(
            Trade(symbol: symbol, price: Price(units: price), qty: Quantity(shares: qty), time: Timestamp(nanoseconds: time), isOurs: flags == 1),
            receivedTime: Timestamp(nanoseconds: receivedTime), conditions: conditions)
    }
}
