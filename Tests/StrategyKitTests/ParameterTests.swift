import Foundation
import StrategyKit
import Testing
import TestSupport

@Suite(.timeLimit(.minutes(10))) struct ParameterTests {
    let schema: [ParameterSpec] = [
        .integer("size", default: 10, range: 1...100, help: "shares per quote"),
        .boolean("skew", default: true, help: "skew quotes"),
        .string("mode", default: "mid", choices: ["mid", "micro"], help: "reference price"),
    ]

    @Test func defaultsFillWhatIsNotGiven() throws {
        let parameters = try StrategyParameters(schema: schema, values: ["size": .integer(5)])
        #expect(try parameters.integer("size") == 5)
        #expect(try parameters.boolean("skew") == true)
        #expect(try parameters.string("mode") == "mid")
    }

    @Test func outOfRangeNamesParameterAndValue() {
        #expect(throws: ParameterError.outOfRange(name: "size", value: 500, range: 1...100)) {
            try StrategyParameters(schema: schema, values: ["size": .integer(500)])
        }
        let error = ParameterError.outOfRange(name: "size", value: 500, range: 1...100)
        #expect(error.description == "size: expected an integer in 1...100, got 500")
    }

    @Test func wrongTypeAndUnknownNamesAreRefused() {
        #expect(throws: ParameterError.wrongType(name: "skew", expected: .boolean, got: .integer(1))) {
            try StrategyParameters(schema: schema, values: ["skew": .integer(1)])
        }
        #expect(throws: ParameterError.unknown(name: "sise", known: ["size", "skew", "mode"])) {
            try StrategyParameters(schema: schema, values: ["sise": .integer(1)])
        }
        #expect(throws: ParameterError.notAChoice(name: "mode", value: "last", choices: ["mid", "micro"])) {
            try StrategyParameters(schema: schema, values: ["mode": .string("last")])
        }
    }

    @Test func commandLineTextsParseByDeclaredType() throws {
        let parameters = try StrategyParameters(schema: schema, texts: ["size": "7", "skew": "false"])
        #expect(try parameters.integer("size") == 7)
        #expect(try parameters.boolean("skew") == false)
        #expect(throws: ParameterError.unparsable(name: "size", text: "7.5", expected: .integer)) {
            try StrategyParameters(schema: schema, texts: ["size": "7.5"])
        }
    }

    @Test func readingAnUndeclaredParameterIsAnError() throws {
        let parameters = try StrategyParameters(schema: schema)
        #expect(throws: ParameterError.undeclared(name: "size", kind: .string)) { try parameters.string("size") }
    }

    @Test func valuesDecodeFromJSONByType() throws {
        let values = try JSONDecoderForTests.decode([String: ParameterValue].self, from: Data(#"{"a":1,"b":true,"c":"x"}"#.utf8))
        #expect(values == ["a": .integer(1), "b": .boolean(true), "c": .string("x")])
        #expect(throws: DecodingError.self) {
            try JSONDecoderForTests.decode([String: ParameterValue].self, from: Data(#"{"a":1.5}"#.utf8))
        }
    }

    @Test func sdkVersionsLoadOnlyWithinOneMajor() {
        let host = SDKVersion(major: 1, minor: 2)
        #expect(host.canLoad(SDKVersion(major: 1, minor: 0)))
        #expect(!host.canLoad(SDKVersion(major: 1, minor: 3)))
        #expect(!host.canLoad(SDKVersion(major: 2, minor: 0)))
    }

    @Test func thisSDKIs4Point1LoadsEvery4xUpToItAndRefusesEvery3xPlugin() {
        #expect(SDKVersion.current == SDKVersion(major: 4, minor: 1))
        #expect(SDKVersion.current.canLoad(SDKVersion(major: 4, minor: 0)))
        #expect(SDKVersion.current.canLoad(SDKVersion(major: 4, minor: 1)))
        for minor in 0...2 { #expect(!SDKVersion.current.canLoad(SDKVersion(major: 3, minor: minor))) }
        #expect(!SDKVersion.current.canLoad(SDKVersion(major: 4, minor: 2)))
    }

    /// A descriptor made without naming its SDK records the version its code was compiled
    /// against (the initializer is inlined into the plugin), not a default the SDK evaluates.
    @Test func aDescriptorRecordsTheSDKItWasCompiledAgainst() {
        let descriptor = StrategyDescriptor(name: "n", version: "1", summary: "s", parameters: [], factory: { _ in fatalError("unused") })
        #expect(descriptor.sdkVersion == SDKVersion(major: 4, minor: 1))
    }
}
