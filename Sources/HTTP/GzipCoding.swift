import CZlib

/// gzip bodies (`Content-Encoding: gzip`) over the system zlib: `inflate` for a client that
/// sent `Accept-Encoding: gzip`, with a bound on what it may grow to (a small body must not
/// become gigabytes), and `gzip` for a server answering one.
public enum GzipCoding {
    /// Why a body could not be inflated.
    public enum Failure: Error, Sendable, Hashable, CustomStringConvertible {
        /// The inflated body would be larger than `limit` bytes.
        case tooLarge(limit: Int)
        /// The bytes are not a whole gzip (or zlib) stream; zlib's reason.
        case corrupt(String)

        public var description: String {
            switch self {
            case .tooLarge(let limit): "gzip body inflates past \(limit) bytes"
            case .corrupt(let reason): "corrupt gzip body: \(reason)"
            }
        }
    }

    /// Inflates a gzip (or zlib) stream whose inflated size is at most `maximumSize` bytes.
    /// Bytes after the end of the stream are refused as corrupt.
    public static func inflate(_ compressed: [UInt8], maximumSize: Int) throws(Failure) -> [UInt8] {
        var stream = z_stream()
        // 15 bits of window, +32: recognise a gzip or a zlib header by itself.
        guard inflateInit2_(&stream, 15 + 32, zlibVersion(), Int32(MemoryLayout<z_stream>.size)) == Z_OK else {
            throw .corrupt("inflateInit2 failed")
        }
        defer { inflateEnd(&stream) }
        var output: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: min(max(compressed.count * 4, 4096), 1 << 20))
        var status = Z_OK
        try compressed.withUnsafeBufferPointer { input throws(Failure) in
            stream.next_in = UnsafeMutablePointer(mutating: input.baseAddress)
            stream.avail_in = UInt32(input.count)
            while status == Z_OK {
                let produced = chunk.withUnsafeMutableBufferPointer { buffer in
                    stream.next_out = buffer.baseAddress
                    stream.avail_out = UInt32(buffer.count)
                    status = CZlib.inflate(&stream, Z_NO_FLUSH)
                    return buffer.count - Int(stream.avail_out)
                }
                guard output.count + produced <= maximumSize else { throw .tooLarge(limit: maximumSize) }
                output.append(contentsOf: chunk[0..<produced])
                if status == Z_BUF_ERROR && stream.avail_in == 0 { throw .corrupt("truncated stream") }
            }
            guard status == Z_STREAM_END else { throw .corrupt(stream.msg.map { String(cString: $0) } ?? "zlib status \(status)") }
            guard stream.avail_in == 0 else { throw .corrupt("\(stream.avail_in) bytes after the end of the stream") }
        }
        return output
    }

    /// `bytes` as a gzip stream (a gzip header and trailer around deflate at `level`, 1–9).
    public static func gzip(_ bytes: [UInt8], level: Int32 = 6) -> [UInt8] {
        var stream = z_stream()
        // 15 bits of window, +16: write a gzip header and trailer.
        let started = deflateInit2_(
            &stream, level, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY, zlibVersion(), Int32(MemoryLayout<z_stream>.size))
        precondition(started == Z_OK, "deflateInit2 failed: zlib status \(started)")
        defer { deflateEnd(&stream) }
        var output = [UInt8](repeating: 0, count: Int(deflateBound(&stream, UInt(bytes.count))))
        let written = bytes.withUnsafeBufferPointer { input in
            output.withUnsafeMutableBufferPointer { buffer in
                stream.next_in = UnsafeMutablePointer(mutating: input.baseAddress)
                stream.avail_in = UInt32(input.count)
                stream.next_out = buffer.baseAddress
                stream.avail_out = UInt32(buffer.count)
                let status = deflate(&stream, Z_FINISH)
                precondition(status == Z_STREAM_END, "deflate into its own bound failed: zlib status \(status)")
                return buffer.count - Int(stream.avail_out)
            }
        }
        output.removeLast(output.count - written)
        return output
    }
}
