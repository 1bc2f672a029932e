import Glibc
import StrategyKit

/// The outcome of checking a ledger file from its first line: the state of the good lines and,
/// when a line fails, where and why.
struct LedgerScan {
    /// The good lines, up to the first bad one.
    var scanner: LedgerScanner
    /// The byte just past the last good line.
    var goodEnd: Int64 = 0
    /// The first bad line, if any.
    var fault: LedgerFaultLocation?
    /// True when the bad line is the file's last and it looks like a ledger line cut short by a
    /// crash: no newline, or damaged content (not a sequence or chain error) at the very end.
    var faultIsTornTail = false
    /// Every byte the scan read.
    var bytesRead: Int64 = 0

    /// Checks the file open as `fd` line by line, stopping at the first bad line.
    static func run(fd: Int32, path: String) throws(LedgerError) -> LedgerScan {
        try run(fd: fd, path: path, delivering: false) { _ in }
    }

    /// Checks the file as `run(fd:path:)` does, calling `visit` with each good line's entry.
    static func run(fd: Int32, path: String, visit: (LedgerEntry) -> Void) throws(LedgerError) -> LedgerScan {
        try run(fd: fd, path: path, delivering: true, visit: visit)
    }

    /// Building entries costs as much as checking lines, so it happens only when `delivering`.
    private static func run(fd: Int32, path: String, delivering: Bool, visit: (LedgerEntry) -> Void)
        throws(LedgerError) -> LedgerScan
    {
        var scan = LedgerScan(scanner: LedgerScanner(keepingLastEntry: delivering))
        var reader = LineReader(fd: fd, path: path)
        var lineNumber = 0
        // The checksum of the next line's body, computed together with this line's.
        var nextChecksum: (offset: Int64, value: UInt64)?
        while let line = try reader.next() {
            lineNumber += 1
            var checksum = nextChecksum?.offset == line.offset ? nextChecksum?.value : nil
            if checksum == nil, line.terminated, let following = reader.peek() {
                let (first, second) = LedgerChecksum.pair(LedgerScanner.body(of: line.bytes), LedgerScanner.body(of: following))
                checksum = first
                nextChecksum = (reader.offset, second)
            }
            let fault = line.terminated ? scan.scanner.accept(line.bytes, bodyChecksum: checksum)
                : line.bytes.count < LineReader.maxLine ? .torn
                : .notJSON("line longer than \(LineReader.maxLine) bytes")
            guard let fault else {
                if delivering { visit(scan.scanner.lastEntry) }
                scan.goodEnd = reader.offset
                continue
            }
            let couldBeTorn = fault.isContentFault && LedgerScan.looksLikeLedgerLine(line.bytes)
            scan.fault = LedgerFaultLocation(line: lineNumber, offset: line.offset, fault: fault)
            // Reading on invalidates `line.bytes`.
            let following = try reader.next()
            scan.faultIsTornTail = couldBeTorn && following == nil
            if case .gap(let expected, let found) = fault, let following {
                var appears = LedgerScan.carries(expected, following.bytes)
                if !appears { appears = try LedgerScan.sequenceAppears(expected, in: &reader) }
                if appears { scan.fault?.fault = .outOfOrder(expected: expected, found: found) }
            }
            break
        }
        scan.bytesRead = reader.offset
        return scan
    }

    /// Whether a later line (from the reader's position on) carries sequence number `sequence`.
    private static func sequenceAppears(_ sequence: UInt64, in reader: inout LineReader) throws(LedgerError) -> Bool {
        while let line = try reader.next() {
            if carries(sequence, line.bytes) { return true }
        }
        return false
    }

    /// Whether `bytes` parse as a line with sequence number `sequence`.
    private static func carries(_ sequence: UInt64, _ bytes: UnsafeRawBufferPointer) -> Bool {
        var parsed = LedgerLine()
        return LedgerLineParser.parse(bytes, into: &parsed) == nil && parsed.sequence == sequence
    }

    /// A line a torn write could have left: it starts like every ledger line does (`{"v":2,"seq":`
    /// since version 2, `{"seq":` before; or a prefix of one) or with a zero byte (a file
    /// extended by a crash before its data), and it holds no second line start (two lines run
    /// together by a damaged newline).
    private static func looksLikeLedgerLine(_ bytes: UnsafeRawBufferPointer) -> Bool {
        let starts: [StaticString] = [#"{"v":2,"seq":"#, #"{"seq":"#]
        let startsLikeALine = bytes.isEmpty || bytes[0] == 0 || starts.contains { start in
            memcmp(bytes.baseAddress!, start.utf8Start, min(bytes.count, start.utf8CodeUnitCount)) == 0
        }
        guard startsLikeALine else { return false }
        for start in starts where bytes.count > start.utf8CodeUnitCount {
            let length = start.utf8CodeUnitCount
            for index in 1...(bytes.count - length)
            where bytes[index] == UInt8(ascii: "{") && memcmp(bytes.baseAddress! + index, start.utf8Start, length) == 0 {
                return false
            }
        }
        return true
    }
}

extension LineFault {
    /// Whether the fault is in the line's own bytes (as a torn write leaves) rather than in its
    /// place in the ledger.
    var isContentFault: Bool {
        switch self {
        case .torn, .notJSON, .missingField, .badChecksum: true
        case .badValue(let field, _): field == "sum"
        case .gap, .outOfOrder, .brokenChain, .foreignLine, .duplicateFill, .totalsMismatch: false
        }
    }
}
