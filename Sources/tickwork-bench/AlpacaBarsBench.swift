import Alpaca
import Foundation
import Wire

/// How fast a page of 10,000 one-minute bars (Alpaca's largest) decodes with the byte-level
/// reader: bars per second and MB/s, prices read exactly as decimals.
func runAlpacaBarsDecodeBench(bars: Int = 10_000, iterations: Int = 50) throws {
    var items: [String] = []
    items.reserveCapacity(bars)
    for index in 0..<bars {
        let minute = 1_700_000_000 + index * 60
        let time = Date(timeIntervalSince1970: TimeInterval(minute)).ISO8601Format()
        let cents = 18_000 + index % 500
        items.append(#"{"t":"\#(time)","o":\#(cents / 100).\#(cents % 100 / 10)\#(cents % 10),"h":\#(cents / 100 + 1).5,"l":\#(cents / 100 - 1).25,"c":\#(cents / 100).\#(cents % 100 / 10)\#(cents % 10),"v":\#(100 + index % 977),"n":\#(1 + index % 31),"vw":\#(cents / 100).123456}"#)
    }
    let body = Array(#"{"bars":[\#(items.joined(separator: ","))],"symbol":"AAPL","next_page_token":"QUFQTHxNfDIwMjQ="}"#.utf8)
    let command = GetBars(symbol: "AAPL", timeframe: .oneMinute)
    var decoded = 0
    let elapsed = try ContinuousClock().measure {
        for _ in 0..<iterations { decoded += try body.withUnsafeBytes { try command.decode($0) }.items.count }
    }
    precondition(decoded == bars * iterations, "every bar decodes")
    let seconds = elapsed.seconds
    let inputs = ["bars": "\(bars)", "bodyBytes": "\(body.count)", "iterations": "\(iterations)"]
    Figure(name: "alpaca.bars_decode", unit: "bars/s", value: (Double(decoded) / seconds).rounded(), inputs: inputs).print()
    Figure(name: "alpaca.bars_decode", unit: "MB/s", value: (Double(body.count * iterations) / seconds / 1e6).rounded(), inputs: inputs).print()
}
