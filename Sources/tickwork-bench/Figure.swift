import Foundation

/// One benchmark result, printed as one JSON object per line: name, unit, value, and the
/// inputs that produced it.
struct Figure: Encodable {
    var name: String
    var unit: String
    var value: Double
    var inputs: [String: String]

    func print() {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        if let data = try? encoder.encode(self) {
            Swift.print(String(decoding: data, as: UTF8.self))
        }
    }
}

/// A monotonic clock in nanoseconds.
func monotonicNanoseconds() -> UInt64 {
    DispatchTime.now().uptimeNanoseconds
}

/// The CPU time the calling thread has had, in nanoseconds: on a shared machine, the one-core
/// figure, where wall time is what other processes left.
func threadCPUNanoseconds() -> UInt64 {
    var time = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
    return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
}

/// The value at quantile `q` (0...1) of sorted samples.
func percentile(_ sorted: [UInt64], _ q: Double) -> UInt64 {
    precondition(!sorted.isEmpty)
    return sorted[min(sorted.count - 1, Int(Double(sorted.count) * q))]
}
