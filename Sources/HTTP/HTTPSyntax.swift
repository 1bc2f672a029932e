/// Byte-level pieces of HTTP/1.x message syntax shared by the request and response decoders.
enum HTTPSyntax {
    static let cr = UInt8(ascii: "\r")
    static let lf = UInt8(ascii: "\n")
    static let space = UInt8(ascii: " ")
    static let tab = UInt8(ascii: "\t")
    static let colon = UInt8(ascii: ":")

    /// Where a message head ends, as far as the bytes show.
    enum HeadEnd {
        /// No blank line yet; resume the search at `resumeAt`.
        case incomplete(resumeAt: Int)
        /// The head is `start..<end`; `end` is just past the blank line.
        case found(end: Int)
        /// The head is longer than the limit.
        case tooLarge
    }

    /// Finds the blank line (LF LF or LF CR LF) that ends a head starting at `start`, searching
    /// from `from` so that a head arriving in pieces is scanned once.
    static func findHeadEnd(_ bytes: UnsafeBufferPointer<UInt8>, start: Int, from: Int, limit: Int) -> HeadEnd {
        let end = bytes.count
        var index = max(from, start)
        while index < end {
            if bytes[index] == lf {
                // Too few bytes after this LF to tell whether it ends the head: resume here.
                guard index + 1 < end else { return incomplete(at: index, start, end, limit) }
                if bytes[index + 1] == lf { return check(end: index + 2, start, limit) }
                if bytes[index + 1] == cr {
                    guard index + 2 < end else { return incomplete(at: index, start, end, limit) }
                    if bytes[index + 2] == lf { return check(end: index + 3, start, limit) }
                }
            }
            index += 1
        }
        return incomplete(at: end, start, end, limit)
    }

    private static func incomplete(at index: Int, _ start: Int, _ end: Int, _ limit: Int) -> HeadEnd {
        end - start > limit ? .tooLarge : .incomplete(resumeAt: index)
    }

    private static func check(end: Int, _ start: Int, _ limit: Int) -> HeadEnd {
        end - start > limit ? .tooLarge : .found(end: end)
    }

    /// The lines of a head (`start..<end`), each without its CR LF, the blank last line excluded;
    /// nil when `requireCR` and a line, the blank one included, ends in a bare LF.
    static func lines(_ bytes: UnsafeBufferPointer<UInt8>, start: Int, end: Int, requireCR: Bool = false) -> [Range<Int>]? {
        var lines: [Range<Int>] = []
        // A head of a dozen lines or fewer, the usual, is gathered without growing the array.
        lines.reserveCapacity(12)
        var lineStart = start
        var index = start
        while index < end {
            if bytes[index] == lf {
                var lineEnd = index
                if lineEnd > lineStart, bytes[lineEnd - 1] == cr {
                    lineEnd -= 1
                } else if requireCR {
                    return nil
                }
                if lineEnd == lineStart { break }
                lines.append(lineStart..<lineEnd)
                lineStart = index + 1
            }
            index += 1
        }
        return lines
    }

    /// Whether `byte` may appear in a token (method, header name), per RFC 9110 `tchar`.
    static func isTokenByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"):
            true
        case UInt8(ascii: "!"), UInt8(ascii: "#"), UInt8(ascii: "$"), UInt8(ascii: "%"), UInt8(ascii: "&"),
            UInt8(ascii: "'"), UInt8(ascii: "*"), UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "."),
            UInt8(ascii: "^"), UInt8(ascii: "_"), UInt8(ascii: "`"), UInt8(ascii: "|"), UInt8(ascii: "~"):
            true
        default:
            false
        }
    }

    /// Parses header lines into fields, or says what is wrong with the first bad one.
    static func parseFields(_ bytes: UnsafeBufferPointer<UInt8>, lines: ArraySlice<Range<Int>>) -> Result<HTTPHeaders, HTTPSyntaxError> {
        var fields: [HTTPHeaders.Field] = []
        fields.reserveCapacity(lines.count)
        for line in lines {
            let first = bytes[line.lowerBound]
            if first == space || first == tab { return .failure(HTTPSyntaxError("obsolete header line folding")) }
            var colon = line.lowerBound
            while colon < line.upperBound, bytes[colon] != self.colon {
                guard isTokenByte(bytes[colon]) else { return .failure(HTTPSyntaxError("invalid header name")) }
                colon += 1
            }
            guard colon < line.upperBound, colon > line.lowerBound else {
                return .failure(HTTPSyntaxError("header line without a name and colon"))
            }
            var valueStart = colon + 1
            var valueEnd = line.upperBound
            while valueStart < valueEnd, bytes[valueStart] == space || bytes[valueStart] == tab { valueStart += 1 }
            while valueEnd > valueStart, bytes[valueEnd - 1] == space || bytes[valueEnd - 1] == tab { valueEnd -= 1 }
            for index in valueStart..<valueEnd {
                let byte = bytes[index]
                if (byte < space && byte != tab) || byte == 0x7F {
                    return .failure(HTTPSyntaxError("control character in a header value"))
                }
            }
            fields.append(HTTPHeaders.Field(
                name: string(bytes, line.lowerBound..<colon), value: string(bytes, valueStart..<valueEnd)))
        }
        return .success(HTTPHeaders(fields))
    }

    /// The bytes of `range` as a String (invalid UTF-8 repaired).
    static func string(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> String {
        String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
    }

    /// A decimal `Content-Length` value; nil unless it is digits only and fits.
    static func contentLength(_ value: String) -> Int? {
        guard !value.isEmpty, value.utf8.count <= 18, value.utf8.allSatisfy({ $0 >= 48 && $0 <= 57 }) else { return nil }
        return Int(value)
    }

    /// How a message's body is delimited, from its header fields.
    enum Framing: Equatable {
        case length(Int)
        case chunked
        /// The body runs to the end of the connection (responses only).
        case untilClose
    }

    /// The framing the fields declare; `defaultFraming` when they declare none. An HTTP/1.0
    /// message (`minorVersion` 0) with `Transfer-Encoding` is refused (RFC 9112 section 6.1).
    static func framing(_ headers: HTTPHeaders, minorVersion: Int, default defaultFraming: Framing) -> Result<Framing, HTTPSyntaxError> {
        let encodings = headers.values(for: "Transfer-Encoding")
        if !encodings.isEmpty {
            if minorVersion == 0 { return .failure(HTTPSyntaxError("Transfer-Encoding in an HTTP/1.0 message")) }
            if headers.contains("Content-Length") {
                return .failure(HTTPSyntaxError("both Transfer-Encoding and Content-Length"))
            }
            let codings = encodings.flatMap { $0.split(separator: ",").map { $0.trimmingASCIIWhitespace().lowercased() } }
            guard codings == ["chunked"] else {
                return .failure(HTTPSyntaxError("unsupported transfer coding", unsupported: true))
            }
            return .success(.chunked)
        }
        let lengths = headers.values(for: "Content-Length")
        guard let first = lengths.first else { return .success(defaultFraming) }
        guard lengths.allSatisfy({ $0 == first }), let length = contentLength(first) else {
            return .failure(HTTPSyntaxError("invalid Content-Length"))
        }
        return .success(.length(length))
    }
}

/// What is wrong with a message, for the decoders to turn into a status or an error.
struct HTTPSyntaxError: Error {
    var message: String
    /// The message uses a feature this codec does not implement (501 rather than 400).
    var unsupported: Bool

    init(_ message: String, unsupported: Bool = false) {
        self.message = message
        self.unsupported = unsupported
    }
}
