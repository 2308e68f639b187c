/// PuppyServer: a RecipePuppy-compatible HTTP server.
public enum PuppyServerModule {
    public static let name = "PuppyServer"
}
