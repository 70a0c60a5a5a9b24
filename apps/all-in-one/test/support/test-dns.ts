import dns2 from 'dns2';

/** A DNS server on 127.0.0.1 answering CNAME queries from a zone the test edits; every other name is NXDOMAIN. */
export interface TestDns {
  /** `ip:port`, for DNS_SERVERS. */
  server: string;
  /** name -> CNAME target; set or delete entries to change what the server answers. */
  cnames: Map<string, string>;
  close(): Promise<void>;
}

export async function startTestDns(): Promise<TestDns> {
  const { Packet } = dns2;
  const cnames = new Map<string, string>();
  const server = dns2.createServer({
    udp: true,
    handle: (request, send) => {
      const response = Packet.createResponseFromRequest(request);
      const question = request.questions[0];
      const target = question ? cnames.get(question.name.toLowerCase()) : undefined;
      // dns2 encodes a plain record object; its typings ask for a class instance.
      const answer = { name: question?.name, type: Packet.TYPE.CNAME, class: Packet.CLASS.IN, ttl: 60, domain: target };
      if (question && target) response.answers.push(answer as unknown as (typeof response.answers)[number]);
      else response.header.rcode = Packet.RCODE.NXDOMAIN;
      send(response);
    },
  });
  const listening = new Promise<void>((resolve) => server.on('listening', () => resolve()));
  void server.listen({ udp: { port: 0, address: '127.0.0.1' } });
  await listening;
  const { udp } = server.addresses() as { udp: { port: number } };
  return { server: `127.0.0.1:${udp.port}`, cnames, close: () => server.close() };
}
