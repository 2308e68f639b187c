import Foundation
import Testing
@testable import PuppyServer

@Suite("puppy-server command line")
struct ServerOptionsTests {
    @Test func everyFlagIsReadInBothSpellings() throws {
        let options = try ServerOptions.parse([
            "--host", "0.0.0.0", "--port=8080", "--public-url", "http://recipes.local", "--catalog", "big.jsonl",
            "--quirks=padding,gaps", "--seed", "42", "--latency", "150", "--threads", "2", "--log",
        ])
        #expect(options.action == .serve)
        #expect(options.configuration.host == "0.0.0.0")
        #expect(options.configuration.port == 8080)
        #expect(options.configuration.publicURL?.absoluteString == "http://recipes.local")
        #expect(options.catalogPath == "big.jsonl")
        #expect(options.configuration.quirks == [.padding, .gaps])
        #expect(options.configuration.seed == 42)
        #expect(options.configuration.latency == .milliseconds(150))
        #expect(options.configuration.threads == 2)
        #expect(options.logRequests)
    }

    @Test func defaultsServeTheBundledCatalogOnLoopbackWithoutQuirks() throws {
        let options = try ServerOptions.parse([])
        #expect(options.configuration.host == "127.0.0.1")
        #expect(options.configuration.port == 0)
        #expect(options.configuration.quirks.isEmpty)
        #expect(options.catalogPath == nil)
        #expect(options.configuration.threads == ServerConfiguration.defaultThreads)
        #expect(!options.configuration.loadsCatalogInBackground)
        #expect(try ServerOptions.parse(["--quirks", "realistic"]).configuration.quirks == Quirk.realistic)
        #expect(try ServerOptions.parse(["-h"]).action == .help)
        #expect(try ServerOptions.parse(["--version"]).action == .version)
        #expect(try ServerOptions.parse(["--print-catalog"]).action == .printCatalog)
    }

    @Test(arguments: [
        (["--bogus"], "unknown option \"--bogus\""),
        (["--port"], "--port needs a value"),
        (["--port", "70000"], "--port needs a number from 0 to 65535, not \"70000\""),
        (["--port", "-1"], "--port needs a number from 0 to 65535, not \"-1\""),
        (["--quirks", "padding,sometimes"], "--quirks: unknown quirk \"sometimes\" (known: padding, entities, gaps, errors, malformed, duplicates, thumbnails, tracking, literal, realistic, all, none)"),
        (["--latency", "fast"], "--latency needs milliseconds from 0 to 600000, not \"fast\""),
        (["--threads", "0"], "--threads needs a number from 1 to 64, not \"0\""),
        (["--seed", "-3"], "--seed needs a non-negative integer, not \"-3\""),
        (["--public-url", "recipes.local"], "--public-url needs an absolute http(s) URL, not \"recipes.local\""),
        (["--log=yes"], "--log takes no value"),
        (["--print-catalog=yes"], "--print-catalog takes no value"),
        (["--trusted-proxy", "nginx.local"], "--trusted-proxy needs IPv4 or IPv6 addresses, not \"nginx.local\""),
        (["--trusted-proxy", "10.0.0.1,,10.0.0.2"], "--trusted-proxy needs IPv4 or IPv6 addresses, not \"\""),
        (["--max-per-address", "0"], "--max-per-address needs a number from 1 to 100000, not \"0\""),
    ])
    func badFlagsAreOneLineErrors(arguments: [String], message: String) {
        #expect(throws: ServerOptionsError(message)) { try ServerOptions.parse(arguments) }
    }

    @Test func theUsageNamesEveryFlag() {
        for flag in ["--host", "--port", "--public-url", "--catalog", "--quirks", "--seed", "--latency", "--threads", "--log", "--help", "--version", "--print-catalog",
                     "--max-per-address", "--trusted-proxy"] {
            #expect(ServerOptions.usage.contains(flag))
        }
    }

    @Test func trustedProxiesAndTheLimitPerAddressAreRead() throws {
        let options = try ServerOptions.parse(["--trusted-proxy", "10.0.0.1, ::1", "--trusted-proxy=192.168.1.9", "--max-per-address", "16"])
        #expect(options.configuration.limits.trustedProxies == ["10.0.0.1", "::1", "192.168.1.9"])
        #expect(options.configuration.limits.maxConnectionsPerPeer == 16)
    }
}
