#if canImport(Glibc)
import Glibc
#endif

extension SearchIndex {
    /// The index's buffers while a search holds them, and the byte-level tests of a position.
    struct View {
        let bytes: UnsafePointer<UInt8>
        let spans: UnsafeBufferPointer<Span>
        let starts: UnsafeBufferPointer<Int32>

        /// The folded ticker at `position`.
        @inline(__always)
        func ticker(_ position: Int32) -> UnsafeBufferPointer<UInt8> {
            let span = spans[Int(position)]
            return UnsafeBufferPointer(start: bytes + Int(span.ticker), count: Int(span.end - span.ticker))
        }

        /// The text from the word start `start` of `owner` to the end of its name or ticker.
        @inline(__always)
        func word(_ start: Int32, owner: Int32) -> UnsafeBufferPointer<UInt8> {
            let span = spans[Int(owner)]
            let end = start < span.ticker ? span.ticker - 1 : span.end
            return UnsafeBufferPointer(start: bytes + Int(start), count: Int(end - start))
        }

        /// Whether the ticker at `position` starts with `prefix`.
        @inline(__always)
        func tickerStarts(_ position: Int32, with prefix: UnsafeBufferPointer<UInt8>) -> Bool {
            let ticker = ticker(position)
            return ticker.count >= prefix.count && memcmp(ticker.baseAddress!, prefix.baseAddress!, prefix.count) == 0
        }

        /// Whether every one of `words` starts a word of the name or the ticker at `position`.
        func everyWordStarts(_ position: Int32, _ words: [UnsafeBufferPointer<UInt8>]) -> Bool {
            let span = spans[Int(position)]
            for word in words {
                var found = false
                for slot in Int(span.firstWord)..<Int(span.endWord) {
                    let start = Int(starts[slot])
                    if start + word.count <= Int(span.end), memcmp(bytes + start, word.baseAddress!, word.count) == 0 {
                        found = true
                        break
                    }
                }
                if !found { return false }
            }
            return true
        }

        /// Calls `body` with each position whose name or ticker contains `needle`, in position
        /// order, until it returns false. `needle` holds no 0 byte, so a match never spans two
        /// names or tickers; the scan looks for its byte at `rarest` (the text's rarest of its
        /// bytes), and compares the whole needle only where that byte is.
        func forEachSubstring(_ needle: UnsafeBufferPointer<UInt8>, rarest: Int, count: Int, _ body: (Int32) -> Bool) {
            let byte = Int32(needle[rarest])
            var from = rarest
            while from < count {
                guard let hit = memchr(bytes + from, byte, count - from) else { return }
                let start = UnsafePointer(hit.assumingMemoryBound(to: UInt8.self)) - bytes - rarest
                guard start + needle.count <= count, memcmp(bytes + start, needle.baseAddress!, needle.count) == 0 else {
                    from = start + rarest + 1
                    continue
                }
                let position = self.position(containing: start)
                guard body(position) else { return }
                from = Int(spans[Int(position)].end) + 1 + rarest
            }
        }

        /// The position whose bytes hold `offset` of the text.
        private func position(containing offset: Int) -> Int32 {
            var low = 0, high = spans.count - 1
            while low < high {
                let middle = (low + high) / 2
                if Int(spans[middle].end) < offset { low = middle + 1 } else { high = middle }
            }
            return Int32(low)
        }
    }
}
