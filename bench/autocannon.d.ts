// The part of autocannon 9's API the benchmark uses (the package ships no types).
declare module "autocannon" {
  type Request = { method?: string; path?: string; headers?: Record<string, string>; body?: string };
  type Options = {
    url: string;
    connections?: number;
    duration?: number;
    overallRate?: number;
    headers?: Record<string, string>;
    requests?: Array<Request & { setupRequest?: (request: Request) => Request }>;
  };
  type Result = { requests: { total: number }; errors: number; timeouts: number; non2xx: number };
  type Instance = PromiseLike<Result> & {
    on(event: "response", listener: (client: unknown, statusCode: number, bytes: number, responseTime: number) => void): void;
  };
  export default function autocannon(options: Options): Instance;
}
