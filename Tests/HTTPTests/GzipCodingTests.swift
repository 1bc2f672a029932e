import HTTP
import Testing

@Suite(.timeLimit(.minutes(10))) struct GzipCodingTests {
    private let text = Array(String(repeating: "{\"form\":\"8-K\",\"items\":\"2.02,9.01\"},", count: 2_000).utf8)

    @Test func gzipThenInflateGivesTheBytesBack() throws {
        let compressed = GzipCoding.gzip(text)
        #expect(compressed.count < text.count / 10 && compressed.starts(with: [0x1F, 0x8B]), "a gzip header")
        #expect(try GzipCoding.inflate(compressed, maximumSize: text.count) == text)
        #expect(try GzipCoding.inflate(GzipCoding.gzip([]), maximumSize: 0) == [])
    }

    @Test func inflatingPastTheLimitIsRefused() {
        #expect(throws: GzipCoding.Failure.tooLarge(limit: text.count - 1)) {
            try GzipCoding.inflate(GzipCoding.gzip(text), maximumSize: text.count - 1)
        }
    }

    @Test func truncatedOrTrailingOrForeignBytesAreCorrupt() {
        let compressed = GzipCoding.gzip(text)
        for broken in [Array(compressed.dropLast(9)), compressed + [0x00], Array("not gzip".utf8), []] {
            #expect(throws: GzipCoding.Failure.self) { try GzipCoding.inflate(broken, maximumSize: 1 << 20) }
        }
    }
}
