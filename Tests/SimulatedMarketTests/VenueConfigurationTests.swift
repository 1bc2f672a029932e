import Foundation
import HTTP
import Lifecycle
import SimulatedMarket
import StrategyKit
import Testing

@Suite(.timeLimit(.minutes(10))) struct VenueConfigurationTests {
    private func temporaryFile(_ contents: String) throws -> String {
        let path = NSTemporaryDirectory() + "venue-accounts-\(UUID().uuidString).json"
        try contents.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    @Test func testExchangeIsAlwaysListedAndSymbolsJoinTheNamedVenue() throws {
        let plain = try VenueConfiguration()
        #expect(plain.listings == [VenueListing.testExchange])
        let extra = try VenueConfiguration(symbols: ["ABC"])
        #expect(extra.listings.count == 1)
        #expect(extra.listings[0].stocks.map(\.symbol) == ["FOOBAR", "ABC"])
        let other = try VenueConfiguration(venue: "OGEX", symbols: ["ABC", "ABC"])
        #expect(other.listings.map(\.venue) == ["TESTEX", "OGEX"])
        #expect(other.listings[1].stocks.map(\.symbol) == ["ABC"])
    }

    @Test(arguments: ["", "lower", "WAY2LONGFORAVENUENAME", "BAD-NAME"])
    func invalidNamesAreRefused(name: String) {
        #expect(throws: VenueError.invalidName(name, kind: "venue")) { try VenueConfiguration(venue: name) }
        #expect(throws: VenueError.invalidName(name, kind: "symbol")) { try VenueConfiguration(symbols: [name]) }
    }

    @Test func accountsFileMapsAccountsToKeys() throws {
        let path = try temporaryFile(#"{"EXB123456":"secret","OTHER":"s2"}"#)
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect(try VenueConfiguration.loadAPIKeys(path: path) == ["EXB123456": "secret", "OTHER": "s2"])
    }

    @Test func badAccountsFilesAreRefusedNamingTheFile() throws {
        for contents in [#"["EXB123456"]"#, #"{"EXB123456":5}"#, #"{"EXB123456":""}"#, "{"] {
            let path = try temporaryFile(contents)
            defer { try? FileManager.default.removeItem(atPath: path) }
            do {
                _ = try VenueConfiguration.loadAPIKeys(path: path)
                Issue.record("accepted \(contents)")
            } catch {
                guard case .invalidAccounts(path, _) = error else {
                    Issue.record("unexpected \(error)")
                    continue
                }
            }
        }
        #expect(throws: VenueError.self) { try VenueConfiguration.loadAPIKeys(path: "/nonexistent/accounts.json") }
    }

    @Test func sharedAPIKeyIsRefusedNamingBothAccountsButNotTheKey() throws {
        let path = try temporaryFile(#"{"ZED":"s1","EXB123456":"same-secret","OTHER":"same-secret"}"#)
        defer { try? FileManager.default.removeItem(atPath: path) }
        do {
            let keys = try VenueConfiguration.loadAPIKeys(path: path)
            Issue.record("accepted a key shared by two accounts: \(keys.keys.sorted { $0.rawValue < $1.rawValue })")
        } catch {
            guard case .invalidAccounts(path, let reason) = error else {
                Issue.record("unexpected \(error)")
                return
            }
            #expect(reason == "accounts EXB123456 and OTHER have the same API key; each account needs a key of its own")
            #expect(!error.description.contains("same-secret"))
        }
    }

    @Test func everyRequestIsLoggedWithItsStatus() throws {
        let lines = Locked<[String]>([])
        let configuration = try VenueConfiguration(requestLog: { line in lines.update { $0.append(line) } })
        let server = try VenueServer(configuration: configuration)
        defer { server.stop() }
        let client = HTTPClientConnection(address: server.address)
        defer { client.close() }
        _ = try client.send(HTTPRequest(method: "GET", target: "/ob/api/heartbeat"))
        _ = try client.send(HTTPRequest(method: "GET", target: "/ob/api/venues/NOPE/heartbeat"))
        #expect(lines.get() == ["GET /ob/api/heartbeat -> 200", "GET /ob/api/venues/NOPE/heartbeat -> 404"])
    }

    @Test func takenAddressIsAServerError() throws {
        let first = try VenueServer(configuration: VenueConfiguration())
        defer { first.stop() }
        #expect(throws: VenueError.self) { try VenueServer(configuration: VenueConfiguration(listen: first.address)) }
    }
}
