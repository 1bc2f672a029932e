import StrategyKit
import Wire

extension LedgerEntry {
    /// The line this entry is written as, newline included, in the canonical member order of
    /// FORMAT.md, version 2 (money in units of $0.0001). For a line written by `LedgerWriter` this is
    /// byte for byte the line on disk.
    public var line: String {
        var bytes = [UInt8]()
        appendBody(to: &bytes)
        LedgerEntry.appendSuffix(checksum, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Appends the line's body: everything before `,"sum":"`, which the checksum covers.
    func appendBody(to bytes: inout [UInt8]) {
        bytes.append(contentsOf: #"{"v":2,"seq":"#.utf8)
        bytes.appendDecimal(sequence)
        bytes.append(contentsOf: #","time":"#.utf8)
        bytes.appendDecimal(fill.time.nanoseconds)
        bytes.append(contentsOf: #","iso":""#.utf8)
        bytes.appendISO8601(fill.time)
        bytes.append(contentsOf: #"","venue":"#.utf8)
        bytes.appendJSONString(fill.venue.rawValue)
        bytes.append(contentsOf: #","account":"#.utf8)
        bytes.appendJSONString(fill.account.rawValue)
        bytes.append(contentsOf: #","symbol":"#.utf8)
        bytes.appendJSONString(fill.symbol.rawValue)
        bytes.append(contentsOf: #","order":"#.utf8)
        bytes.appendDecimal(fill.orderID.rawValue)
        bytes.append(contentsOf: #","index":"#.utf8)
        bytes.appendDecimal(Int64(fill.index))
        bytes.append(contentsOf: fill.side == .buy ? #","side":"buy","price":"#.utf8 : #","side":"sell","price":"#.utf8)
        bytes.appendDecimal(fill.price.units)
        bytes.append(contentsOf: #","qty":"#.utf8)
        bytes.appendDecimal(fill.qty.shares)
        bytes.append(contentsOf: #","strategy":"#.utf8)
        bytes.appendJSONString(fill.strategyID.rawValue)
        bytes.append(contentsOf: reconciled ? #","reconciled":true,"position":"#.utf8 : #","reconciled":false,"position":"#.utf8)
        bytes.appendDecimal(positionAfter.shares)
        bytes.append(contentsOf: #","cash":"#.utf8)
        bytes.appendDecimal(cashAfter.units)
        bytes.append(contentsOf: #","realized":"#.utf8)
        bytes.appendDecimal(realizedAfter.units)
        bytes.append(contentsOf: #","prev":""#.utf8)
        previousChecksum.appendHex(to: &bytes)
        bytes.append(UInt8(ascii: "\""))
    }

    /// Appends `,"sum":"<checksum>"}` and the newline.
    static func appendSuffix(_ checksum: LedgerChecksum, to bytes: inout [UInt8]) {
        bytes.append(contentsOf: #","sum":""#.utf8)
        checksum.appendHex(to: &bytes)
        bytes.append(contentsOf: "\"}\n".utf8)
    }

    /// Appends this entry's whole line to `bytes`, computing and storing its checksum from the
    /// body; returns the checksum.
    @discardableResult
    mutating func encode(appendingTo bytes: inout [UInt8]) -> LedgerChecksum {
        let start = bytes.count
        appendBody(to: &bytes)
        checksum = bytes.withUnsafeBytes { LedgerChecksum(of: UnsafeRawBufferPointer(rebasing: $0[start...])) }
        LedgerEntry.appendSuffix(checksum, to: &bytes)
        return checksum
    }
}
