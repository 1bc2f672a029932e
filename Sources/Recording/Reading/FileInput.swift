import Glibc

/// A file read in large chunks into one buffer, handing out lines or fixed-size pieces as views
/// into that buffer (valid until the next call), so that readers allocate nothing per record.
///
/// A regular file is mapped into memory whole instead, which spares copying every byte out of
/// the page cache: the file's size at opening is what is read (bytes appended later are not),
/// and the file must not be truncated while it is read. Pipes and other files that cannot be
/// mapped are read in chunks.
final class FileInput {
    let path: String
    private let descriptor: Int32
    private var buffer: UnsafeMutableRawPointer
    private var capacity: Int
    /// Whether `buffer` is the whole file mapped into memory rather than an allocation.
    private let isMapped: Bool
    /// The unconsumed bytes are `start..<end`.
    private var start = 0
    private var end = 0
    private var atEOF = false
    private var bytesRead = 0
    /// The file's size when it was opened.
    let size: Int

    /// The size of each read when the file is read in chunks and no size was given.
    static let defaultChunkSize = 256 << 10

    /// Opens `path` for reading: mapped when `chunkSize` is nil and the file can be, else read
    /// `chunkSize` bytes (by default `defaultChunkSize`) at a time into a buffer that grows for
    /// longer records.
    init(path: String, chunkSize: Int? = nil) throws(BacktestError) {
        precondition(chunkSize.map { $0 > 0 } ?? true, "reads need a buffer")
        self.path = path
        descriptor = Glibc.open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw .io(path: path, reason: String(cString: strerror(errno))) }
        var status = stat()
        size = fstat(descriptor, &status) == 0 ? Int(status.st_size) : 0
        if chunkSize == nil, size > 0, status.st_mode & S_IFMT == S_IFREG,
            let mapping = mmap(nil, size, PROT_READ, MAP_PRIVATE, descriptor, 0), mapping != MAP_FAILED
        {
            madvise(mapping, size, MADV_SEQUENTIAL)
            isMapped = true
            buffer = mapping
            capacity = size
            end = size
            bytesRead = size
            atEOF = true
        } else {
            isMapped = false
            capacity = chunkSize ?? Self.defaultChunkSize
            buffer = UnsafeMutableRawPointer.allocate(byteCount: capacity, alignment: 16)
        }
    }

    deinit {
        Glibc.close(descriptor)
        if isMapped { munmap(buffer, capacity) } else { buffer.deallocate() }
    }

    /// Bytes of the file consumed so far.
    var consumedByteCount: Int { bytesRead - (end - start) }

    /// Bytes left unconsumed; after `nextLine` or `next(count:)` returned nil, the size of the
    /// incomplete tail of the file.
    var pendingByteCount: Int { end - start }

    /// The next line without its newline, or nil at the end of the file; an unterminated last
    /// line is not returned (see `pendingByteCount`).
    func nextLine() throws(BacktestError) -> UnsafeRawBufferPointer? {
        var scanned = 0
        while true {
            if let newline = memchr(buffer + start + scanned, Int32(UInt8(ascii: "\n")), end - start - scanned) {
                let lineEnd = buffer.distance(to: newline)
                let line = UnsafeRawBufferPointer(start: buffer + start, count: lineEnd - start)
                start = lineEnd + 1
                return line
            }
            scanned = end - start
            guard try refill() else { return nil }
        }
    }

    /// The next `count` bytes, or nil when the file ends before them.
    func next(count: Int) throws(BacktestError) -> UnsafeRawBufferPointer? {
        guard let piece = try peek(count: count) else { return nil }
        start += count
        return piece
    }

    /// The next `count` bytes without consuming them, or nil when the file ends before them.
    func peek(count: Int) throws(BacktestError) -> UnsafeRawBufferPointer? {
        while end - start < count {
            guard try refill(atLeast: count) else { return nil }
        }
        return UnsafeRawBufferPointer(start: buffer + start, count: count)
    }

    /// Up to `count` next bytes without consuming them: fewer only where the file ends.
    func peek(upTo count: Int) throws(BacktestError) -> UnsafeRawBufferPointer {
        while end - start < count {
            guard try refill(atLeast: count) else { break }
        }
        return UnsafeRawBufferPointer(start: buffer + start, count: min(count, end - start))
    }

    /// Consumes `count` bytes that `peek` returned.
    func skip(count: Int) {
        precondition(count <= end - start, "skip only what peek returned")
        start += count
    }

    /// Drops the incomplete tail once it has been reported.
    func discardPending() {
        start = end
    }

    /// Moves the unconsumed bytes to the front, grows the buffer when they fill it (or when
    /// `atLeast` bytes would not fit), and reads more. False when the file has ended.
    private func refill(atLeast needed: Int = 0) throws(BacktestError) -> Bool {
        // A mapped file is whole from the start, and its memory is read-only.
        if atEOF || isMapped { return false }
        let pending = end - start
        if start > 0 {
            if pending > 0 { memmove(buffer, buffer + start, pending) }
            start = 0
            end = pending
        }
        if end == capacity || needed > capacity {
            let grown = max(capacity * 2, needed)
            let bigger = UnsafeMutableRawPointer.allocate(byteCount: grown, alignment: 16)
            bigger.copyMemory(from: buffer, byteCount: end)
            buffer.deallocate()
            buffer = bigger
            capacity = grown
        }
        while true {
            let count = Glibc.read(descriptor, buffer + end, capacity - end)
            if count > 0 {
                end += count
                bytesRead += count
                return true
            }
            if count == 0 {
                atEOF = true
                return false
            }
            guard errno == EINTR else { throw .io(path: path, reason: String(cString: strerror(errno))) }
        }
    }
}
