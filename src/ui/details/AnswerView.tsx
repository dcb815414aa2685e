// One tool answer in the batch details: its text, cut long, with its copy button.
import type { AnswerDetails, CallDetails } from '../../detector/index';
import { answerMatchLabel } from './model';
import { TextBlock } from './TextBlock';

interface AnswerViewProps {
  position: number;
  answer: AnswerDetails;
  calls: readonly CallDetails[];
}

export function AnswerView({ position, answer, calls }: AnswerViewProps) {
  return (
    <article className="dp-answer" aria-label={`Answer ${position + 1}`}>
      <p className="dp-answer-head">
        <strong>Answer {position + 1}</strong> · message {answer.messageIndex}
        {answer.toolCallId === null ? null : (
          <>
            {' '}
            · tool_call_id <code>{answer.toolCallId}</code>
          </>
        )}{' '}
        · {answerMatchLabel(answer, calls)}
        {answer.isString ? null : ' · content was not a string (shown as JSON)'}
      </p>
      <TextBlock text={answer.text} limit={1500} />
    </article>
  );
}
