import Synchronization
import Trading

/// Collects records for assertions.
public final class CollectingHandler: LogHandler {
    public let records = Mutex<[LogRecord]>([])
    public init() {}
    public func write(_ record: LogRecord) { records.withLock { $0.append(record) } }
    public var messages: [String] { records.withLock { $0.map(\.message) } }
}
