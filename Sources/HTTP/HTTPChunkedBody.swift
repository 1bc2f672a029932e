/// Decodes a `Transfer-Encoding: chunked` body (RFC 9112 section 7.1); extensions and trailer
/// fields are read and dropped.
enum HTTPChunkedBody {
    enum Outcome: Equatable {
        /// More bytes are needed.
        case incomplete
        /// The body, and the index just past its last byte (trailers included).
        case complete(body: [UInt8], end: Int)
        case invalid(String)
        case tooLarge
    }

    /// The longest chunk-size or trailer line accepted.
    private static let maxLineBytes = 4096

    static func decode(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, limit: Int) -> Outcome {
        var body: [UInt8] = []
        var index = start
        while true {
            guard let line = nextLine(bytes, from: index) else {
                return bytes.count - index > maxLineBytes ? .invalid("chunk size line too long") : .incomplete
            }
            guard let size = chunkSize(bytes, line.text) else { return .invalid("invalid chunk size") }
            index = line.next
            if size == 0 { return trailers(bytes, from: index, body: body) }
            guard size <= limit - body.count else { return .tooLarge }
            let dataEnd = index + size
            guard dataEnd < bytes.count else { return .incomplete }
            if bytes[dataEnd] == HTTPSyntax.lf {
                body.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[index..<dataEnd]))
                index = dataEnd + 1
                continue
            }
            guard bytes[dataEnd] == HTTPSyntax.cr else { return .invalid("chunk data not followed by CRLF") }
            guard dataEnd + 1 < bytes.count else { return .incomplete }
            guard bytes[dataEnd + 1] == HTTPSyntax.lf else { return .invalid("chunk data not followed by CRLF") }
            body.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[index..<dataEnd]))
            index = dataEnd + 2
        }
    }

    private static func trailers(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, body: [UInt8]) -> Outcome {
        var index = start
        while true {
            guard let line = nextLine(bytes, from: index) else {
                return bytes.count - index > maxLineBytes ? .invalid("trailer line too long") : .incomplete
            }
            if line.text.isEmpty { return .complete(body: body, end: line.next) }
            index = line.next
        }
    }

    /// The next line from `start` without its CR LF, and the index after its LF.
    private static func nextLine(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> (text: Range<Int>, next: Int)? {
        var index = start
        while index < bytes.count, index - start <= maxLineBytes {
            if bytes[index] == HTTPSyntax.lf {
                let end = index > start && bytes[index - 1] == HTTPSyntax.cr ? index - 1 : index
                return (start..<end, index + 1)
            }
            index += 1
        }
        return nil
    }

    /// The hexadecimal size at the start of a chunk-size line (before any `;extension`).
    private static func chunkSize(_ bytes: UnsafeBufferPointer<UInt8>, _ line: Range<Int>) -> Int? {
        var size = 0
        var digits = 0
        for index in line {
            let byte = bytes[index]
            let value: Int
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): value = Int(byte - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): value = Int(byte - UInt8(ascii: "a")) + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): value = Int(byte - UInt8(ascii: "A")) + 10
            case UInt8(ascii: ";"), HTTPSyntax.space, HTTPSyntax.tab: return digits > 0 ? size : nil
            default: return nil
            }
            digits += 1
            guard digits <= 15 else { return nil }
            size = size * 16 + value
        }
        return digits > 0 ? size : nil
    }
}
