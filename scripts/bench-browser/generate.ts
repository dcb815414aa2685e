// Writes the benchmark transcript: node <bundle> <file> <megabytes>. Prints the batch count.
import { generateTranscript } from '../bench/generate';

const [file, mb] = process.argv.slice(2);
if (file === undefined || mb === undefined || !(Number(mb) > 0)) {
  process.stderr.write('usage: generate <file> <megabytes>\n');
  process.exit(2);
}
process.stdout.write(`${generateTranscript(file, Number(mb))}\n`);
