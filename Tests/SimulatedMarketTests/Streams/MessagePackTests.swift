import Foundation
@testable import SimulatedMarket
import TestSupport
import StrategyKit
import Testing

/// The MessagePack Alpaca's market-data stream speaks, checked against the `msgpack` Python
/// module (alpaca-py's own, which `.ci/run` installs) as the oracle.
@Suite(.timeLimit(.minutes(10)))
struct MessagePackTests {
    /// Unpacks argv[1] (hex) and compares it with the JSON argv[2], a member `t` holding a time
    /// as the timestamp extension; then packs a client's subscribe message and prints it.
    static let script = #"""
        import calendar, json, sys, time, msgpack
        packed, original = bytes.fromhex(sys.argv[1]), json.loads(sys.argv[2])
        def seen(v):
            if isinstance(v, msgpack.Timestamp): return ["ts", v.seconds, v.nanoseconds]
            if isinstance(v, dict): return {k: seen(x) for k, x in v.items()}
            if isinstance(v, list): return [seen(x) for x in v]
            return v
        def wanted(v, key=None):
            if key == "t" and isinstance(v, str) and v.endswith("Z"):
                base, _, frac = v[:-1].partition(".")
                return ["ts", calendar.timegm(time.strptime(base, "%Y-%m-%dT%H:%M:%S")), int((frac + "000000000")[:9])]
            if isinstance(v, dict): return {k: wanted(x, k) for k, x in v.items()}
            if isinstance(v, list): return [wanted(x) for x in v]
            return v
        got = seen(msgpack.unpackb(packed))
        if got != wanted(original):
            print("mismatch", got, wanted(original), file=sys.stderr)
            sys.exit(1)
        message = {"action": "subscribe", "trades": ["AAPL", "é" * 20], "quotes": ["S%d" % i for i in range(40)], "bars": [], "n": -70000, "big": 2**40, "ok": True, "none": None}
        print(msgpack.packb(message).hex())
        print(json.dumps(message))
        """#

    static let message = #"""
        [{"T":"t","S":"FOOBAR","i":96921,"x":"V","p":126.55,"s":1,"c":["@","I"],"t":"2021-02-22T15:51:44.208Z","z":"C"},
         {"T":"q","S":"A","bx":"U","bp":87.66,"bs":70000,"ax":"Q","ap":87.68,"as":4000000000,"c":["R"],"t":"2021-02-22T15:51:45.335689322Z","z":"C"},
         {"T":"b","S":"SPY","o":388.985,"h":-1,"l":-200,"c":-40000,"v":-3000000000,"t":"2021-02-22T19:15:00Z","n":461,"vw":389.062639},
         {"T":"x","long":"\#(String(repeating: "y", count: 300))","esc":"a\"b\\c\u00e9","many":[0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17],
          "m":{"a":1,"b":2,"c":3,"d":4,"e":5,"f":6,"g":7,"h":8,"i":9,"j":10,"k":11,"l":12,"n":13,"o":14,"p":15,"q":16,"r":17},
          "t":"not a time","f":false,"z":null,"huge":9223372036854775807,"e":1e3}]
        """#

    @Test func theWriterAndReaderAgreeWithPythonsMsgpack() async throws {
        let packed = try #require(MessagePackWriter.transcode(json: Array(Self.message.utf8)))
        let hex = packed.map { String(format: "%02x", $0) }.joined()
        let result = try await SpawnedProcess.run(
            executable: "/usr/bin/env", arguments: ["python3", "-c", Self.script, hex, Self.message], timeout: 120)
        try #require(result.status == 0, "msgpack (python3 -m pip install msgpack) disagreed or is missing: \(result.stderr)")
        let lines = result.stdout.split(separator: "\n").map(String.init)
        try #require(lines.count == 2)
        var bytes: [UInt8] = []
        var digits = lines[0][...]
        while digits.count >= 2 {
            bytes.append(UInt8(digits.prefix(2), radix: 16)!)
            digits = digits.dropFirst(2)
        }
        let json = try #require(MessagePackReader.json(from: bytes))
        let ours = try JSONSerialization.jsonObject(with: Data(json)) as? NSDictionary
        let python = try JSONSerialization.jsonObject(with: Data(lines[1].utf8)) as? NSDictionary
        #expect(ours != nil && ours == python)
    }

    @Test func theReaderRefusesWhatNoClientSends() {
        #expect(MessagePackReader.json(from: []) == nil)
        #expect(MessagePackReader.json(from: [0x81, 0x01, 0x02]) == nil, "a key that is not a string")
        #expect(MessagePackReader.json(from: [0xA5, 0x61]) == nil, "a string past the end")
        #expect(MessagePackReader.json(from: [0xC4, 0x01, 0x00]) == nil, "a binary")
        #expect(MessagePackReader.json(from: [0x01, 0x02]) == nil, "two values")
        #expect(MessagePackReader.json(from: [0xDD, 0xFF, 0xFF, 0xFF, 0xFF]) == nil, "a length past the message")
        #expect(MessagePackReader.json(from: Array(repeating: 0x91, count: 100) + [0x01]) == nil, "nested too deep")
    }

    @Test func timesBeforeTheEpochOrPast2514UseTimestamp96() {
        var writer = MessagePackWriter()
        writer.timestamp(Timestamp(nanoseconds: -1))
        #expect(writer.bytes == [0xC7, 12, 0xFF, 0x3B, 0x9A, 0xC9, 0xFF] + Array(repeating: 0xFF, count: 8))
    }
}
