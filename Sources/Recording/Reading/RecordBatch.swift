/// Records handed from `ReadAheadReader`'s reading thread to its user: appended on one thread,
/// then, once handed over, moved out one by one on the other, first to last. Moving a record out
/// leaves nothing behind to destroy, where an array of optionals emptied by `take()` destroyed
/// every `nil` it held when it was released (a call into the runtime for each, on the engine's
/// thread).
///
/// Owned by one thread at a time: the reading thread until it hands the batch over (through a
/// queue, which orders the two), the user after.
final class RecordBatch: @unchecked Sendable {
    private let records: UnsafeMutablePointer<RecordedEvent>
    let capacity: Int
    /// How many records were appended.
    private(set) var count = 0
    /// How many were moved out; those from here to `count` are still held.
    private var taken = 0

    /// An empty batch with room for `capacity` records.
    init(capacity: Int) {
        precondition(capacity > 0, "a batch holds at least one record")
        self.capacity = capacity
        records = .allocate(capacity: capacity)
    }

    deinit {
        (records + taken).deinitialize(count: count - taken)
        records.deallocate()
    }

    var isFull: Bool { count == capacity }

    /// Appends `record`; the batch must not be full, nor any record taken yet.
    func append(_ record: consuming RecordedEvent) {
        precondition(count < capacity && taken == 0, "appended to a full batch or one being emptied")
        (records + count).initialize(to: record)
        count += 1
    }

    /// Moves the next record out, first to last; nil once all are taken.
    func take() -> RecordedEvent? {
        guard taken < count else { return nil }
        defer { taken += 1 }
        return (records + taken).move()
    }
}
