import { judgeImageBytes, warmUpImages } from './image-judge';
import { serveJudgements } from './serve';

// The child that turns untrusted images into versions (images.ts), one at a time.
await serveJudgements(judgeImageBytes, warmUpImages);
