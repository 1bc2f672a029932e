import Glibc

/// Writes a recording in any form: the header when created, then records in order.
///
/// Bytes are buffered and written in large blocks; `flush()` hands them to the kernel (a
/// recorder calls it at its own pace), `close()` flushes and closes. A process killed between
/// flushes leaves at most one incomplete record at the end, which readers ignore with a warning.
public final class RecordingWriter {
    /// Where the recording goes.
    public let path: String
    /// The form being written.
    public let format: RecordingFormat
    private var descriptor: Int32
    private var pending: [UInt8] = []
    private let encoder = RecordEncoder()
    private var compact = CompactBookEncoder()
    private var tradeBody: [UInt8] = []
    private static let flushThreshold = 1 << 20

    /// Creates (or truncates) `path` and writes `header`, as the current version whatever its
    /// `version` says (`RecordingHeader.compactVersion` for the compact form): records are
    /// written in the current version's units (a converted version-1 file comes out as the
    /// current version).
    public init(path: String, header: RecordingHeader, format: RecordingFormat) throws(BacktestError) {
        self.path = path
        self.format = format
        descriptor = Glibc.open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw .io(path: path, reason: String(cString: strerror(errno))) }
        pending.reserveCapacity(Self.flushThreshold + 64 * 1024)
        let headerLine: [UInt8]
        do {
            var current = header
            current.version = format == .compact ? RecordingHeader.compactVersion : RecordingHeader.currentVersion
            headerLine = try encoder.headerLine(current)
        } catch {
            throw .io(path: path, reason: "cannot encode the header: \(error)")
        }
        switch format {
        case .jsonLines:
            pending.append(contentsOf: headerLine)
        case .binary, .compact:
            let json = headerLine.dropLast()
            pending.append(contentsOf: RecordingFormat.binaryMagic)
            RecordEncoder.appendLittleEndian(UInt32(json.count), to: &pending)
            pending.append(contentsOf: json)
        }
    }

    deinit {
        if descriptor >= 0 { Glibc.close(descriptor) }
    }

    /// Appends one record; written to the file at the latest by `flush()` or `close()`.
    public func append(_ event: RecordedEvent) throws(BacktestError) {
        precondition(descriptor >= 0, "append after close")
        do {
            switch format {
            case .jsonLines: try encoder.appendJSONLine(event, to: &pending)
            case .binary: try encoder.appendBinary(event, to: &pending)
            case .compact:
                if case .book(let book) = event {
                    compact.append(book, to: &pending)
                } else if case .trade(let trade) = event {
                    tradeBody.removeAll(keepingCapacity: true)
                    CompactTradeCodec.appendBody(trade, to: &tradeBody)
                    CompactBookEncoder.appendRecord(kind: CompactForm.trade, body: tradeBody, to: &pending)
                } else {
                    CompactBookEncoder.appendRecord(kind: CompactForm.json, body: try encoder.json(event), to: &pending)
                }
            }
        } catch {
            throw .io(path: path, reason: "cannot encode a \(event.kindName) record: \(error)")
        }
        if pending.count >= Self.flushThreshold { try flush() }
    }

    /// Writes every buffered byte to the file.
    public func flush() throws(BacktestError) {
        var written = 0
        while written < pending.count {
            let count = pending.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress! + written, $0.count - written) }
            if count < 0 {
                guard errno == EINTR else { throw .io(path: path, reason: String(cString: strerror(errno))) }
                continue
            }
            written += count
        }
        pending.removeAll(keepingCapacity: true)
    }

    /// Flushes and closes the file; the writer takes no more records.
    public func close() throws(BacktestError) {
        guard descriptor >= 0 else { return }
        try flush()
        Glibc.close(descriptor)
        descriptor = -1
    }
}
