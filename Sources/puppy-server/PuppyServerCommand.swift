import PuppyServer

@main
struct PuppyServerCommand {
    static func main() async {
        _ = PuppyServerModule.name
    }
}
