import Glibc

/// Reads a file's lines through `pread(2)` in large chunks, without copying them.
struct LineReader: ~Copyable {
    /// One line as found in the file.
    struct Line {
        /// The line's bytes without its newline; valid until the next call to `next()`.
        var bytes: UnsafeRawBufferPointer
        /// Where the line starts in the file.
        var offset: Int64
        /// False for the last line of a file that does not end with a newline, and for a line
        /// longer than `LineReader.maxLine` (cut there).
        var terminated: Bool
    }

    /// The longest line read whole; ledger lines are a few hundred bytes.
    static let maxLine = 1 << 20

    private let fd: Int32
    private let path: String
    private let buffer: UnsafeMutableRawBufferPointer
    private var start = 0
    private var end = 0
    private var fileOffset: Int64
    private var atEnd = false

    /// A reader of `fd` from byte `offset`; `path` names the file in errors.
    init(fd: Int32, path: String, from offset: Int64 = 0) {
        self.fd = fd
        self.path = path
        self.fileOffset = offset
        buffer = .allocate(byteCount: LineReader.maxLine * 2, alignment: 16)
    }

    deinit { buffer.deallocate() }

    /// The file offset just past the last line returned.
    var offset: Int64 { fileOffset - Int64(end - start) }

    /// The next line; nil at the end of the file.
    mutating func next() throws(LedgerError) -> Line? {
        while true {
            if start < end, let newline = memchr(buffer.baseAddress! + start, 0x0a, end - start) {
                let length = buffer.baseAddress!.distance(to: newline) - start
                return take(length, consuming: length + 1, terminated: true)
            }
            if end - start >= LineReader.maxLine {
                return take(LineReader.maxLine, consuming: LineReader.maxLine, terminated: false)
            }
            if atEnd {
                return start < end ? take(end - start, consuming: end - start, terminated: false) : nil
            }
            try fill()
        }
    }

    private mutating func take(_ length: Int, consuming consumed: Int, terminated: Bool) -> Line {
        let line = Line(
            bytes: UnsafeRawBufferPointer(rebasing: buffer[start..<(start + length)]),
            offset: offset, terminated: terminated)
        start += consumed
        return line
    }

    private mutating func fill() throws(LedgerError) {
        if start > 0 {
            buffer.baseAddress!.copyMemory(from: buffer.baseAddress! + start, byteCount: end - start)
            end -= start
            start = 0
        }
        while true {
            let count = pread(fd, buffer.baseAddress! + end, buffer.count - end, off_t(fileOffset))
            if count < 0 {
                if errno == EINTR { continue }
                throw .system(path: path, call: "read", errno: errno)
            }
            if count == 0 { atEnd = true }
            end += count
            fileOffset += Int64(count)
            return
        }
    }
}
