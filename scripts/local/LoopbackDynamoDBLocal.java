/*
 * DynamoDB Local, as its own ServerRunner starts it, with two differences that `java -jar DynamoDBLocal.jar` cannot
 * give (it has no option for either):
 *  - it listens on one address only (127.0.0.1 unless -Ddynamodb.host says otherwise), not on every interface of the
 *    machine, so the shop's database is not reachable from the network;
 *  - it stops when the process that started it ends, even if that process was killed without a chance to stop it,
 *    so `npm start` never leaves an orphaned database holding the data folder.
 * Run with Java's source-file launcher (`java LoopbackDynamoDBLocal.java <DynamoDB Local options>`), the jar and its
 * libraries on the class path. Exit codes: 3 when the port is taken, 4 when the jar no longer has the expected shape.
 */
import java.io.IOException;
import java.lang.reflect.Field;
import org.eclipse.jetty.server.Connector;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;
import software.amazon.dynamodb.services.local.main.ServerRunner;
import software.amazon.dynamodb.services.local.server.DynamoDBProxyServer;

public final class LoopbackDynamoDBLocal {
  public static void main(String[] args) throws Exception {
    ProcessHandle.current().parent().ifPresent(parent -> parent.onExit().thenRun(() -> System.exit(0)));

    String host = System.getProperty("dynamodb.host", "127.0.0.1");
    DynamoDBProxyServer proxy = ServerRunner.createServerFromCommandLineArgs(args);
    Server server;
    try {
      Field field = DynamoDBProxyServer.class.getDeclaredField("server");
      field.setAccessible(true);
      server = (Server) field.get(proxy);
    } catch (ReflectiveOperationException error) {
      System.err.println("SHAPE_CHANGED " + error);
      System.exit(4);
      return;
    }
    for (Connector connector : server.getConnectors()) {
      if (!(connector instanceof ServerConnector)) {
        System.err.println("SHAPE_CHANGED connector " + connector.getClass().getName());
        System.exit(4);
      }
      ((ServerConnector) connector).setHost(host);
    }
    try {
      proxy.safeStart();
    } catch (IOException error) {
      System.err.println("PORT_IN_USE " + error.getMessage());
      System.exit(3);
    }
    System.out.println("LISTENING " + host);
    proxy.join();
  }
}
