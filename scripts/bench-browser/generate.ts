// Writes the benchmark transcript: node <bundle> <file> <megabytes> [batches]. Prints the batch
// count.
import { generateTranscript } from '../bench/generate';

const [file, mb, batches] = process.argv.slice(2);
if (file === undefined || mb === undefined || !(Number(mb) > 0)) {
  process.stderr.write('usage: generate <file> <megabytes> [batches]\n');
  process.exit(2);
}
const options = batches === undefined ? {} : { batches: Number(batches) };
process.stdout.write(`${generateTranscript(file, Number(mb), undefined, options)}\n`);
