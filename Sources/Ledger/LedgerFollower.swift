import Glibc

/// Follows a ledger file as another process appends to it, checking every line.
///
/// Each `poll()` returns the entries appended since the last one. The follower survives the
/// file being replaced (another inode at the path: rotation, or a restore) and being truncated
/// or rewritten in place: it starts over at the new content's first line and says so with a
/// `.restarted` event. When the new content continues the chain of what was already delivered
/// (it holds the last delivered line, same sequence number and checksum), the entries up to
/// that line are not delivered again. A line still being written (no newline yet) waits for the
/// next poll. Not thread-safe: use a follower from one thread.
public final class LedgerFollower {
    /// What a poll found.
    public enum Event: Hashable, Sendable {
        /// An entry appended to the ledger.
        case entry(LedgerEntry)
        /// The follower started over at the start of the file, for `reason`.
        case restarted(RestartReason)
    }

    /// Why a follower started over.
    public enum RestartReason: Hashable, Sendable {
        /// Another file now has the path (rotation, replacement).
        case replaced
        /// The file shrank below what was read, or its content there changed.
        case truncated
    }

    /// The followed path.
    public let path: String
    private let firstSequence: UInt64
    private var fd: Int32 = -1
    private var identity: (device: UInt64, inode: UInt64)?
    private var offset: Int64 = 0
    private var lineNumber = 0
    private var scanner = LedgerScanner(keepingLastEntry: true)
    /// The last 19 bytes read (a line's checksum, `"}` and newline), to notice a rewrite.
    private var lastTail: [UInt8] = []
    private var lastDelivered: LedgerEntry?
    private var skipThrough: UInt64 = 0

    /// What the lines read so far (from the start of the current file) add up to: holdings
    /// and realized P&L per strategy and symbol, totals per symbol.
    public var state: LedgerState { scanner.state }

    /// A follower of `path` that delivers entries from sequence number `sequence` on. The file
    /// need not exist yet.
    public init(path: String, from sequence: UInt64 = 1) {
        self.path = path
        firstSequence = sequence
    }

    deinit {
        if fd >= 0 { close(fd) }
    }

    /// The events since the last poll: new entries, in order, and restarts. Throws `.corrupt` at
    /// a bad line (the next poll reports it again until the file changes).
    public func poll() throws(LedgerError) -> [Event] {
        var events: [Event] = []
        var info = stat()
        let exists = stat(path, &info) == 0
        if !exists, errno != ENOENT { throw .system(path: path, call: "stat", errno: errno) }
        if exists, let identity, identity != (UInt64(info.st_dev), UInt64(info.st_ino)) {
            // Lines written to the old file before it was moved away are still its.
            try readNewLines(into: &events)
            try restart(.replaced, into: &events)
        }
        if fd < 0 {
            guard exists else { return events }
            try openFile()
        }
        if try contentChanged() { try restart(.truncated, into: &events) }
        try readNewLines(into: &events)
        return events
    }

    /// Polls every `interval` and hands each non-empty batch of events to `handle`, until
    /// `stop` returns true (checked after each poll).
    public func follow(
        every interval: Duration = .milliseconds(100), until stop: () -> Bool, _ handle: ([Event]) -> Void
    ) throws(LedgerError) {
        precondition(interval > .zero && interval <= .milliseconds(200), "poll at least every 200 ms")
        while true {
            let events = try poll()
            if !events.isEmpty { handle(events) }
            if stop() { return }
            let (seconds, attoseconds) = interval.components
            usleep(UInt32(seconds * 1_000_000 + attoseconds / 1_000_000_000_000))
        }
    }

    private func openFile() throws(LedgerError) {
        let fd = try LedgerFile.openForReading(path)
        var info = stat()
        guard fstat(fd, &info) == 0 else {
            let code = errno
            close(fd)
            throw .system(path: path, call: "fstat", errno: code)
        }
        self.fd = fd
        identity = (UInt64(info.st_dev), UInt64(info.st_ino))
    }

    /// Whether the file is now shorter than what was read, or its bytes before `offset` changed.
    private func contentChanged() throws(LedgerError) -> Bool {
        guard offset > 0 else { return false }
        if try LedgerFile.size(fd, path: path) < offset { return true }
        var tail = [UInt8](repeating: 0, count: lastTail.count)
        let count = tail.withUnsafeMutableBytes { pread(fd, $0.baseAddress!, $0.count, off_t(offset) - off_t($0.count)) }
        guard count >= 0 else { throw .system(path: path, call: "read", errno: errno) }
        return tail != lastTail
    }

    /// Starts over at the beginning of whatever file has the path now.
    private func restart(_ reason: RestartReason, into events: inout [Event]) throws(LedgerError) {
        if reason == .replaced {
            close(fd)
            fd = -1
            identity = nil
        }
        offset = 0
        lineNumber = 0
        scanner = LedgerScanner(keepingLastEntry: true)
        lastTail = []
        events.append(.restarted(reason))
        skipThrough = 0
        guard let lastDelivered else { return }
        if fd < 0 {
            var info = stat()
            guard stat(path, &info) == 0 else { return }
            try openFile()
        }
        var continues = false
        _ = try LedgerScan.run(fd: fd, path: path) { entry in
            if entry.sequence == lastDelivered.sequence, entry.checksum == lastDelivered.checksum { continues = true }
        }
        if continues { skipThrough = lastDelivered.sequence }
    }

    private func readNewLines(into events: inout [Event]) throws(LedgerError) {
        guard fd >= 0 else { return }
        var reader = LineReader(fd: fd, path: path, from: offset)
        while let line = try reader.next(), line.terminated {
            if let fault = scanner.accept(line.bytes) {
                throw .corrupt(path: path, line: lineNumber + 1, offset: line.offset, fault: fault)
            }
            lineNumber += 1
            offset = line.offset + Int64(line.bytes.count) + 1
            lastTail = Array(line.bytes.suffix(18)) + [0x0a]
            let entry = scanner.lastEntry
            if entry.sequence >= firstSequence, entry.sequence > skipThrough {
                events.append(.entry(entry))
                lastDelivered = entry
            }
        }
    }
}
